/**
 * The process's handling slots shared by its bots' inbox workers: alone, a bot uses all its slots;
 * while another bot has updates in hand, an eighth of them (at least 4), and all again once the
 * other has none.
 */
import { expect, it } from 'vitest';
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
