/**
 * Conversations (grammY conversations v2) give every replay a fresh Api of their own: its calls are
 * logged, and on the next update the conversation runs again from the top, answering the calls it
 * made before from that log. The bot's transformers (the flood gate, the send budget, retries,
 * error counts) must act on the calls that really go out, and on those only. Installed on the
 * conversation's Api they sat outside the log: every replayed call waited for its chat's turn and
 * took a share of the send budget again, so after one 429 a form five steps deep waited about five
 * seconds per step before it answered (and an answered button kept spinning meanwhile).
 *
 * So the conversation's Api marks its calls (`markConversationCall`), and the bot's `fetch`
 * (`routeConversationCalls`), which grammY reaches only for a call the log did not answer, hands a
 * marked call to the bot's own Api, with all its transformers, once.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { GrammyError, type Transformer } from 'grammy';

interface ConversationCall {
  method: string;
  payload: Record<string, unknown>;
}

/** What Telegram answered, as the bot's Api read it (an error is an answer too, not a throw). */
export type ApiAnswer =
  | { ok: true; result: unknown }
  | { ok: false; error_code: number; description: string; parameters?: unknown };

const inFlight = new AsyncLocalStorage<ConversationCall>();

/** Conversation calls in flight: the mark is turned off while there are none (see below). */
let marked = 0;

/**
 * Installed on a conversation's Api: the call it carries is one a conversation makes. The mark
 * must reach the bot's `fetch` through the conversation plugin's replay log, which sits between
 * them (so it cannot ride on the payload, as post-marks.ts does). On this Node an enabled
 * AsyncLocalStorage hooks every promise of the process (see post-marks.ts for what that cost), so
 * it is enabled only while a conversation's call is in flight.
 */
export const markConversationCall: Transformer = async (prev, method, payload, signal) => {
  marked++;
  try {
    return await inFlight.run({ method, payload: payload as Record<string, unknown> }, () =>
      prev(method, payload, signal),
    );
  } finally {
    if (--marked === 0) inFlight.disable();
  }
};

/** The bot's own Api as a call of it: the answer, a Telegram error included. */
export type CallThroughBot = (
  method: string,
  payload: Record<string, unknown>,
  signal: AbortSignal | undefined,
) => Promise<unknown>;

async function answerOf(call: () => Promise<unknown>): Promise<ApiAnswer> {
  try {
    return { ok: true, result: await call() };
  } catch (err) {
    if (!(err instanceof GrammyError)) throw err;
    return {
      ok: false,
      error_code: err.error_code,
      description: err.description,
      ...(err.parameters && { parameters: err.parameters }),
    };
  }
}

/**
 * The bot's `fetch`: plain calls go to `base`; a conversation's call that the replay log did not
 * answer goes through `callThroughBot` (the bot's Api and its transformers) and comes back to the
 * conversation's client as the answer grammY reads from a response body.
 */
export function routeConversationCalls(base: typeof fetch, callThroughBot: CallThroughBot): typeof fetch {
  return async (input, init) => {
    const call = inFlight.getStore();
    if (call === undefined) return base(input, init);
    const signal = init?.signal ?? undefined;
    // Out of the marked context: the bot's own client fetches for real.
    const answer = await inFlight.exit(() =>
      answerOf(() => callThroughBot(call.method, call.payload, signal)),
    );
    return { json: async () => answer } as Response;
  };
}
