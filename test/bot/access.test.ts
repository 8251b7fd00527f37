import { describe, expect, it } from 'vitest';
import type { BaseContext } from '../../src/bot/context.js';
import { accessVerdict, createAccessGuard } from '../../src/bot/middlewares/access.js';
import type { Config } from '../../src/config.js';

const DAY = 86_400_000;
const config: Pick<Config, 'adminIds' | 'access'> = {
  adminIds: [1],
  access: { mode: 'allowlist', allowedUserIds: [2, 3], bannedUserIds: [3, 4] },
};

/** The parts of a context the guard touches; records what it said. */
function fakeUpdate(
  userId: number | undefined,
  kind: 'message' | 'callback' | 'member' = 'message',
  bannedAt: Date | null = null,
) {
  const said: string[] = [];
  const ctx = {
    user: userId === undefined ? undefined : { telegramId: userId, bannedAt },
    from: userId === undefined ? undefined : { id: userId, is_bot: false, first_name: 'U' },
    chat: { id: userId ?? -100, type: userId === undefined ? 'channel' : 'private' },
    message: kind === 'message' ? { text: '/start' } : undefined,
    callbackQuery: kind === 'callback' ? { id: 'q', data: 'menu:home' } : undefined,
    logger: { debug: () => undefined },
    t: (key: string) => `<b>${key}</b> &amp; more`,
    reply: async (text: string) => void said.push(`reply ${text}`),
    answerCallbackQuery: async (o: { text: string; show_alert: boolean }) =>
      void said.push(`alert(${o.show_alert}) ${o.text}`),
  } as unknown as BaseContext;
  return { ctx, said };
}

async function run(
  guard: ReturnType<typeof createAccessGuard>,
  userId: number | undefined,
  kind?: 'message' | 'callback' | 'member',
  bannedAt?: Date | null,
) {
  const { ctx, said } = fakeUpdate(userId, kind, bannedAt);
  let passed = false;
  await guard(ctx, async () => {
    passed = true;
  });
  return { passed, said };
}

describe('access guard', () => {
  it('decides: admins always, banned never, then the allowlist', () => {
    expect([1, 2, 3, 4, 5].map((id) => accessVerdict(config, id))).toEqual([
      'allowed',
      'allowed',
      'banned',
      'banned',
      'private',
    ]);
    const open = { ...config, access: { ...config.access, mode: 'open' as const } };
    expect([1, 4, 5].map((id) => accessVerdict(open, id))).toEqual(['allowed', 'banned', 'allowed']);
    // A ban on the user's row (from /user) counts like BANNED_USER_IDS, except for admins.
    expect([1, 5].map((id) => accessVerdict(open, id, new Date()))).toEqual(['allowed', 'banned']);
  });

  it('refuses a user an admin banned from their card, never an admin', async () => {
    const open = { ...config, access: { ...config.access, mode: 'open' as const } };
    const guard = createAccessGuard(open);
    const banned = new Date();
    expect(await run(guard, 5, 'message', banned)).toEqual({
      passed: false,
      said: ['reply <b>access-banned</b> &amp; more'],
    });
    expect((await run(guard, 1, 'message', banned)).passed).toBe(true);
    expect((await run(guard, 5, 'message', null)).passed).toBe(true);
  });

  it('lets allowed users and updates without a user through', async () => {
    const guard = createAccessGuard(config);
    expect(await run(guard, 1)).toEqual({ passed: true, said: [] });
    expect(await run(guard, 2)).toEqual({ passed: true, said: [] });
    expect(await run(guard, undefined)).toEqual({ passed: true, said: [] });
  });

  it('tells a stranger every time, as a message or an alert without HTML', async () => {
    const guard = createAccessGuard(config);
    expect(await run(guard, 5)).toEqual({ passed: false, said: ['reply <b>access-private</b> &amp; more'] });
    expect(await run(guard, 5)).toEqual({ passed: false, said: ['reply <b>access-private</b> &amp; more'] });
    expect(await run(guard, 5, 'callback')).toEqual({
      passed: false,
      said: ['alert(true) access-private & more'],
    });
    expect(await run(guard, 5, 'member')).toEqual({ passed: false, said: [] });
  });

  it('tells a banned user at most once per UTC day', async () => {
    let now = Date.UTC(2025, 0, 1, 23, 59);
    const guard = createAccessGuard(config, { now: () => now });
    expect((await run(guard, 4)).said).toEqual(['reply <b>access-banned</b> &amp; more']);
    expect((await run(guard, 4, 'callback')).said).toEqual([]);
    expect((await run(guard, 3)).said).toHaveLength(1);
    now += 60_000; // 00:00 UTC: a new day
    expect((await run(guard, 4)).said).toHaveLength(1);
    now += DAY - 120_000;
    expect(await run(guard, 4)).toEqual({ passed: false, said: [] });
  });
});
