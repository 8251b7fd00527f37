/**
 * Long polling into the update inbox: fetch a batch, store it, and only then ask for the next one
 * (whose `offset` tells Telegram the batch arrived). An update is confirmed to Telegram only once it
 * is stored, so a crash at any moment loses nothing; handling is the inbox workers' business, the
 * same path as webhook mode. (@grammyjs/runner confirms a batch as soon as it fetches the next,
 * before its updates are handled or stored, which is why polling is this small loop of our own.)
 */

import type { Transformer } from 'grammy';
import { type Api, GrammyError } from 'grammy';
import type { Update } from 'grammy/types';
import { keepAliveTimers, sleepOn, type Timers } from '../lib/timers.js';
import type { Logger } from '../logger.js';

const POLL_TIMEOUT_S = 30;
const RETRY_MS = 1_000;

/**
 * Telegram's own refusals of getUpdates (a 4xx) are logged here, once each until polling works
 * again, so a stuck poll is never silent.
 */
function logPollRefusals(logger: Logger): Transformer {
  let last: string | undefined;
  return async (prev, method, payload, signal) => {
    const res = await prev(method, payload, signal);
    if (method !== 'getUpdates') return res;
    if (res.ok) {
      last = undefined;
      return res;
    }
    const refusal = `${res.error_code} ${res.description}`;
    if (refusal !== last) {
      logger.warn({ code: res.error_code, description: res.description }, 'Telegram refused getUpdates');
    }
    last = refusal;
    return res;
  };
}

export interface PollingOptions {
  api: Api;
  /** Stores an update (UpdateInboxWorker.accept); rejects if it could not. */
  accept(update: Update): Promise<void>;
  logger: Logger;
  /** Polling ended for good (401: token revoked; 409: another instance or a webhook). */
  onStopped(error: unknown): void;
  /** The update types asked for (telegram/allowed-updates.ts). */
  allowedUpdates: ReadonlyArray<Exclude<keyof Update, 'update_id'>>;
  timers?: Timers;
}

/** Starts polling; the returned function stops it and confirms what was stored. */
export function startPolling(opts: PollingOptions): () => Promise<void> {
  const { api, logger } = opts;
  // Between two polls nothing else may hold the process open: these timers do.
  const timers = opts.timers ?? keepAliveTimers;
  api.config.use(logPollRefusals(logger));
  const abort = new AbortController();
  let offset = 0;

  const fetchBatch = async (): Promise<Update[] | 'stop'> => {
    for (;;) {
      try {
        // grammY types its signal with the abort-controller polyfill's type; Node's is the same thing.
        const signal = abort.signal as Parameters<Api['getUpdates']>[1];
        return await api.getUpdates(
          { offset, timeout: POLL_TIMEOUT_S, allowed_updates: [...opts.allowedUpdates] },
          signal,
        );
      } catch (err) {
        if (abort.signal.aborted) return 'stop';
        if (err instanceof GrammyError && (err.error_code === 401 || err.error_code === 409)) {
          opts.onStopped(err);
          return 'stop';
        }
        // Network failures were already retried and logged by the TelegramLink; anything else is odd.
        if (!(err instanceof GrammyError)) logger.debug({ err }, 'getUpdates failed: polling again');
        await sleepOn(timers, RETRY_MS);
      }
    }
  };

  const store = async (updates: Update[]): Promise<void> => {
    for (;;) {
      try {
        await Promise.all(updates.map((update) => opts.accept(update)));
        return;
      } catch (err) {
        // Not confirmed to Telegram: the same batch is stored again (a resend of a stored one is
        // dropped), or after a restart if we are stopping.
        logger.error({ err }, 'could not store updates: trying again');
        if (abort.signal.aborted) return;
        await sleepOn(timers, RETRY_MS);
      }
    }
  };

  const loop = (async () => {
    while (!abort.signal.aborted) {
      const updates = await fetchBatch();
      if (updates === 'stop') return;
      await store(updates);
      if (abort.signal.aborted) return;
      const last = updates.at(-1);
      if (last) offset = last.update_id + 1;
    }
  })();

  return async () => {
    abort.abort();
    await loop;
    if (offset === 0) return;
    // Confirms the last stored batch, so the next start is not sent it again.
    await api
      .getUpdates({ offset, limit: 1, timeout: 0 })
      .catch((error: unknown) => logger.warn({ err: error }, 'shutdown: could not confirm stored updates'));
  };
}
