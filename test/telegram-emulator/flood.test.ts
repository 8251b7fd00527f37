import { GrammyError } from 'grammy';
import { afterEach, describe, expect, it } from 'vitest';
import type { TelegramEmulator } from '../support/telegram/emulator.js';
import { FloodControl } from '../support/telegram/state/flood.js';
import { botFor, startEmulator } from './helpers.js';

/** A manual clock for FloodControl (ms). */
function clock(start = 1_000) {
  let now = start;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

function retryAfterOf(fn: () => void): number | undefined {
  try {
    fn();
    return undefined;
  } catch (err) {
    return (err as { parameters?: { retry_after?: number } }).parameters?.retry_after;
  }
}

describe('flood limits (FloodControl)', () => {
  it('admits up to perSecond sends per second across chats, then answers 429 until the second passes', () => {
    const c = clock();
    const flood = new FloodControl({ perSecond: 3 }, c.now);
    for (const chat of [1, 2, 3])
      expect(retryAfterOf(() => flood.admit('sendMessage', chat))).toBeUndefined();
    expect(retryAfterOf(() => flood.admit('sendPhoto', 4))).toBe(1);
    c.advance(1_001);
    expect(retryAfterOf(() => flood.admit('sendMessage', 5))).toBeUndefined();
    expect(flood.stats.limited).toBe(1);
  });

  it('strict: one send per second to a chat; edits and answers are not counted', () => {
    const c = clock();
    const flood = new FloodControl({ perChatBurst: 1 }, c.now);
    flood.admit('sendMessage', 7);
    flood.admit('editMessageText', 7);
    flood.admit('answerCallbackQuery', undefined);
    c.advance(400);
    expect(retryAfterOf(() => flood.admit('sendMessage', 7))).toBe(1);
    expect(retryAfterOf(() => flood.admit('sendMessage', 8))).toBeUndefined();
  });

  it('a short burst to one chat is allowed, then one a second', () => {
    const c = clock();
    const flood = new FloodControl({ perChatBurst: 3 }, c.now);
    for (let i = 0; i < 3; i++) expect(retryAfterOf(() => flood.admit('sendMessage', 7))).toBeUndefined();
    expect(retryAfterOf(() => flood.admit('sendMessage', 7))).toBe(1);
    expect(flood.stats.ignored).toBe(0);
    // Waiting out the retry_after refills one send, not the burst.
    c.advance(1_000);
    expect(retryAfterOf(() => flood.admit('sendMessage', 7))).toBeUndefined();
    expect(retryAfterOf(() => flood.admit('sendMessage', 7))).toBe(1);
    expect(flood.stats.ignored).toBe(0);
  });

  it('a send inside the retry_after window is counted as an ignored 429; after it, the send goes through', () => {
    const c = clock();
    const flood = new FloodControl({ perChatBurst: 1 }, c.now);
    flood.admit('sendMessage', 9);
    c.advance(100);
    expect(retryAfterOf(() => flood.admit('sendMessage', 9))).toBe(1);
    c.advance(500);
    expect(retryAfterOf(() => flood.admit('sendMessage', 9))).toBe(1);
    expect(flood.stats.ignored).toBe(1);
    expect(flood.stats.ignoredDetails).toEqual([{ chatId: 9, earlyMs: 500 }]);
    c.advance(1_000);
    expect(retryAfterOf(() => flood.admit('sendMessage', 9))).toBeUndefined();
  });

  it('an injected 429 binds the chat like a real one', () => {
    const c = clock();
    const flood = new FloodControl({}, c.now);
    flood.noteInjected(5, 2);
    c.advance(1_500);
    expect(retryAfterOf(() => flood.admit('sendMessage', 5))).toBe(1);
    expect(flood.stats.ignored).toBe(1);
  });
});

describe('flood limits over HTTP', () => {
  let emu: TelegramEmulator | undefined;
  afterEach(async () => {
    await emu?.close();
    emu = undefined;
  });

  it('a second message to one chat within its gap is refused with 429 and retry_after; a blocked user answers 403', async () => {
    // A gap of 1000 s: the second send is inside it however slow the machine is.
    emu = await startEmulator({ floodLimits: { perChatPerSecond: 0.001, perChatBurst: 1 } });
    const [ann, bob] = emu.createUsers(2);
    const api = botFor(emu).api;
    await api.sendMessage(ann!.chatId, 'first');
    const refused = await api.sendMessage(ann!.chatId, 'second').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(GrammyError);
    expect((refused as GrammyError).error_code).toBe(429);
    expect((refused as GrammyError).parameters.retry_after).toBeGreaterThanOrEqual(1);
    bob!.block({ silently: true });
    const blocked = await api.sendMessage(bob!.chatId, 'hi').catch((err: unknown) => err);
    expect((blocked as GrammyError).error_code).toBe(403);
    expect((blocked as GrammyError).description).toBe('Forbidden: bot was blocked by the user');
    expect(ann!.messages().map((m) => m.text)).toEqual(['first']);
    expect(emu.floodStats().limited).toBe(1);
    expect(emu.problems).toEqual([]);
  });
});
