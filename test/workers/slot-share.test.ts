/**
 * The process's handling slots shared by its bots' inbox workers: alone, a bot uses all its slots;
 * while another bot has updates in hand, an eighth of them (at least 4), and all again once the
 * other has none. While another bot claimed updates lately, a worker is told to take turns.
 */
import { expect, it } from 'vitest';
import { ManualClock } from '../../src/simulator/clock.js';
import { SlotShare } from '../../src/workers/slot-share.js';

it('gives a bot all its slots alone and an eighth (at least 4) while another bot works', () => {
  const share = new SlotShare();
  const flooded = {};
  const quiet = {};
  share.report(flooded, 64);
  expect(share.limit(flooded, 64)).toBe(64);
  share.report(quiet, 1);
  expect(share.limit(flooded, 64)).toBe(8);
  expect(share.limit(quiet, 64)).toBe(8);
  expect(share.limit(quiet, 16)).toBe(4);
  expect(share.limit(quiet, 3)).toBe(3);
  share.report(quiet, 0);
  expect(share.limit(flooded, 64)).toBe(64);
});

it("takes turns while another bot claimed within recentMs, never for a bot's own claims", () => {
  const clock = new ManualClock();
  const share = new SlotShare({ now: () => clock.now(), recentMs: 10_000 });
  const flooded = {};
  const quiet = {};
  expect(share.contended(flooded)).toBe(false);
  share.claimed(flooded);
  expect(share.contended(flooded)).toBe(false);
  expect(share.contended(quiet)).toBe(true);
  share.claimed(quiet);
  clock.advance(9_999);
  expect(share.contended(flooded)).toBe(true);
  clock.advance(2);
  expect(share.contended(flooded)).toBe(false);
  expect(share.contended(quiet)).toBe(false);
});
