/**
 * TelegramLink: network failures and Telegram's 5xx are retried on a capped backoff, each outage is
 * logged once when it begins and once when it ends (with its length), and Telegram's 4xx verdicts
 * and aborted calls pass straight through. Delays are recorded, time is a counter: nothing waits.
 */
import { Writable } from 'node:stream';
import { HttpError } from 'grammy';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { TelegramLink } from '../../src/telegram/telegram-link.js';

type Answer = { ok: true; result: unknown } | { ok: false; error_code: number; description: string };

function harness(opts: { reminderMs?: number } = {}) {
  const lines: Array<{ level: number; msg: string; downMs?: number; failures?: number }> = [];
  const logger = pino(
    { level: 'debug' },
    new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    }),
  );
  let clock = 1_000;
  const delays: number[] = [];
  const link = new TelegramLink({
    logger,
    initialDelayMs: 500,
    maxDelayMs: 3_000,
    ...(opts.reminderMs !== undefined && { reminderMs: opts.reminderMs }),
    now: () => clock,
    // Time moves by exactly the delay asked for: the log's durations are computed, not measured.
    pause: async (ms) => {
      delays.push(ms);
      clock += ms;
    },
  });
  /** Calls through the link; `script` answers attempt by attempt (an Error is thrown). */
  const call = (script: Array<Answer | Error>, signal?: AbortSignal) => {
    let attempt = 0;
    const prev = (async () => {
      const next = script[Math.min(attempt++, script.length - 1)]!;
      if (next instanceof Error) throw next;
      return next;
    }) as unknown as Parameters<TelegramLink['transformer']>[0];
    return {
      result: link.transformer(prev, 'getUpdates', {}, signal as never),
      attempts: () => attempt,
    };
  };
  return { link, lines, delays, call };
}

const dropped = () => new HttpError("Network request for 'getUpdates' failed!", new Error('socket hang up'));
const ok: Answer = { ok: true, result: [] };
const badGateway: Answer = { ok: false, error_code: 502, description: 'Bad Gateway' };

describe('TelegramLink', () => {
  it('retries dropped connections and 5xx with a backoff capped at a few seconds', async () => {
    const h = harness();
    const outage = [dropped(), badGateway, dropped(), dropped(), badGateway, dropped(), dropped(), ok];
    const { result, attempts } = h.call(outage);
    await expect(result).resolves.toEqual(ok);
    expect(attempts()).toBe(outage.length);
    expect(h.delays).toEqual([500, 1_000, 2_000, 3_000, 3_000, 3_000, 3_000]);
  });

  it('logs an outage once when it begins and once when it ends, with its length', async () => {
    const h = harness();
    expect(h.link.down).toBe(false);
    await h.call([dropped(), dropped(), dropped(), ok]).result;
    const warns = h.lines.filter((l) => l.level === 40);
    const infos = h.lines.filter((l) => l.level === 30);
    expect(warns.map((l) => l.msg)).toEqual(['Telegram is unreachable: retrying every few seconds']);
    expect(infos.map((l) => l.msg)).toEqual(['Telegram is reachable again']);
    // Down from the first failure to the first answer: 500 + 1000 + 2000 ms of backoff on the clock.
    expect(infos[0]).toMatchObject({ downMs: 3_500, failures: 3 });
    expect(h.link.down).toBe(false);

    // The next outage is a new one, logged again.
    await h.call([dropped(), ok]).result;
    expect(h.lines.filter((l) => l.msg.startsWith('Telegram is unreachable'))).toHaveLength(2);
    expect(h.lines.filter((l) => l.msg === 'Telegram is reachable again')).toHaveLength(2);
  });

  it('several calls failing in the same outage log it once', async () => {
    const h = harness();
    await Promise.all([
      h.call([dropped(), dropped(), ok]).result,
      h.call([badGateway, dropped(), ok]).result,
      h.call([dropped(), ok]).result,
    ]);
    expect(h.lines.filter((l) => l.msg.startsWith('Telegram is unreachable'))).toHaveLength(1);
    expect(h.lines.filter((l) => l.msg === 'Telegram is reachable again')).toHaveLength(1);
  });

  it('reminds now and then while an outage lasts', async () => {
    const h = harness({ reminderMs: 10_000 });
    // Failures at 0, 0.5, 1.5, 3.5, 6.5, 9.5, 12.5 ... 24.5 s: reminded at 12.5 s and 24.5 s.
    await h.call([...Array.from({ length: 12 }, dropped), ok]).result;
    expect(h.lines.filter((l) => l.msg === 'Telegram is still unreachable')).toHaveLength(2);
  });

  it("passes Telegram's 4xx verdicts through: Telegram is there", async () => {
    const h = harness();
    const forbidden: Answer = { ok: false, error_code: 403, description: 'Forbidden: bot was blocked' };
    const { result, attempts } = h.call([forbidden]);
    await expect(result).resolves.toEqual(forbidden);
    expect(attempts()).toBe(1);
    expect(h.lines).toEqual([]);
  });

  it('gives up at once when the call is aborted (shutdown), and rethrows other errors', async () => {
    const h = harness();
    const controller = new AbortController();
    controller.abort();
    const aborted = h.call([dropped(), ok], controller.signal);
    await expect(aborted.result).rejects.toBeInstanceOf(HttpError);
    expect(aborted.attempts()).toBe(1);

    const bug = h.call([new TypeError('not a network failure'), ok]);
    await expect(bug.result).rejects.toBeInstanceOf(TypeError);
    expect(bug.attempts()).toBe(1);
  });
});
