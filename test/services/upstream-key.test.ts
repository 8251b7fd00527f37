/**
 * An added bot's own upstream key (services/upstream-key.ts): nothing is stored unless the key has
 * a key's shape, BOT_TOKENS_SECRET can seal it, the bot has no order in flight on its current
 * account and the upstream takes it; what is stored opens with that secret to the key; the process
 * is told of each change once; the main bot never gets one. The upstream check itself
 * (probeUpstreamKey) answers refused for a 401 and unreachable when nobody answers.
 */
import { describe, expect, it } from 'vitest';
import { probeUpstreamKey } from '../../src/app/services.js';
import { MAIN_BOT_ID } from '../../src/db/index.js';
import { SecretBox } from '../../src/lib/secret-box.js';
import { type KeyVerdict, UpstreamKeyService } from '../../src/services/upstream-key.js';
import { startSimulator } from '../../src/simulator/server.js';

const SECRET = 'upstream-key-test-secret-0123456789-abcdef';
const KEY = 'rk_live_the-shop-own-key-0123456789';

function setUp(
  opts: { botId?: number; secret?: string | null; inFlight?: number; verdict?: KeyVerdict } = {},
) {
  const stored = new Map<number, string>();
  const probed: string[] = [];
  let changes = 0;
  const service = new UpstreamKeyService({
    botId: opts.botId ?? 2,
    bots: {
      setUpstreamKey: async (id, sealed) => {
        stored.set(id, sealed);
        return true;
      },
      clearUpstreamKey: async (id) => stored.delete(id),
      sealedUpstreamKey: async (id) => stored.get(id) ?? null,
    },
    secret: opts.secret === undefined ? SECRET : opts.secret,
    inFlight: async () => opts.inFlight ?? 0,
    probe: async (key) => {
      probed.push(key);
      return opts.verdict ?? 'accepted';
    },
    changed: () => {
      changes += 1;
    },
  });
  return { service, stored, probed, changes: () => changes };
}

describe('UpstreamKeyService', () => {
  it('checks the key, stores it sealed with BOT_TOKENS_SECRET and tells the process once', async () => {
    const { service, stored, probed, changes } = setUp();
    expect(await service.current()).toBe('shared');
    expect(await service.set(`  ${KEY}\n`)).toEqual({ kind: 'set' });
    expect(probed).toEqual([KEY]);
    const sealed = stored.get(2)!;
    expect(sealed).not.toContain(KEY);
    expect(new SecretBox(SECRET).open(sealed)).toBe(KEY);
    expect(await service.current()).toBe('own');
    expect(changes()).toBe(1);

    expect(await service.clear()).toEqual({ kind: 'cleared' });
    expect(stored.has(2)).toBe(false);
    expect(changes()).toBe(2);
    expect(await service.clear()).toEqual({ kind: 'already_shared' });
    expect(changes()).toBe(2);
  });

  it.each([
    ['refused', 'refused'],
    ['unreachable', 'unreachable'],
  ] as const)('an upstream that says %s: nothing stored, nothing changed', async (verdict, kind) => {
    const { service, stored, changes } = setUp({ verdict });
    expect(await service.set(KEY)).toEqual({ kind });
    expect(stored.size).toBe(0);
    expect(changes()).toBe(0);
  });

  it('orders in flight on the current account: neither a new key nor off, and the upstream is not asked', async () => {
    const { service, stored, probed, changes } = setUp({ inFlight: 3 });
    expect(await service.set(KEY)).toEqual({ kind: 'in_flight', orders: 3 });
    expect(probed).toEqual([]);
    stored.set(2, new SecretBox(SECRET).seal(KEY));
    expect(await service.clear()).toEqual({ kind: 'in_flight', orders: 3 });
    expect(stored.has(2)).toBe(true);
    expect(changes()).toBe(0);
  });

  it('without BOT_TOKENS_SECRET, for the main bot, or not a key: nothing stored, the upstream not asked', async () => {
    const noSecret = setUp({ secret: null });
    expect(await noSecret.service.set(KEY)).toEqual({ kind: 'no_secret' });
    const main = setUp({ botId: MAIN_BOT_ID });
    expect(await main.service.set(KEY)).toEqual({ kind: 'main' });
    expect(await main.service.clear()).toEqual({ kind: 'main' });
    const typo = setUp();
    for (const typed of ['', 'short', 'two words-0123456789', 'ключ-по-русски-0123456789']) {
      expect(await typo.service.set(typed)).toEqual({ kind: 'malformed' });
    }
    for (const { stored, probed, changes } of [noSecret, main, typo]) {
      expect(stored.size).toBe(0);
      expect(probed).toEqual([]);
      expect(changes()).toBe(0);
    }
  });
});

describe('probeUpstreamKey', () => {
  it('accepted for a key the upstream knows, refused for another, unreachable when nobody answers', async () => {
    const simulator = await startSimulator({
      accounts: [{ key: KEY, balance_usd: '5.00', deposit_usd: '5.00' }],
    });
    const { baseUrl } = simulator;
    try {
      expect(await probeUpstreamKey(baseUrl, KEY)).toBe('accepted');
      expect(await probeUpstreamKey(baseUrl, 'rk_live_unknown-key-0000')).toBe('refused');
    } finally {
      await simulator.close();
    }
    expect(await probeUpstreamKey(baseUrl, KEY)).toBe('unreachable');
  });
});
