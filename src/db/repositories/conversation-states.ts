import type { VersionedState, VersionedStateStorage } from '@grammyjs/conversations';
import { eq, sql } from 'drizzle-orm';
import { withEntry } from '../../lib/scoped-entry.js';
import type { BotScope } from '../bot-scope.js';
import { type Engine, first } from '../engine.js';

/**
 * A chat's conversation state as the inbox's claim read it (update-inbox.ts): `value` is the stored
 * JSON, null when the chat has no conversation. Only read for an update with nothing older of its
 * lane pending, so no other update of the chat was writing it.
 */
export interface PrefetchedConversation {
  key: string;
  value: string | null;
}

/**
 * The states prefetched for the updates in hand, by bot and key (`stateKey`: a chat's key is its id,
 * the same in every bot it talks to): one per chat, since only a lane's head gets one. Whichever update of the chat reads first takes it (a /cancel beside the head would: it is the
 * state as it is, since the head has not read it, so not written it either). A map rather than an
 * AsyncLocalStorage: that one is carried by every promise a handler makes (+10 KB allocated and
 * x1.15 the CPU per update on SQLite, bench/handler-cost.ts).
 */
const prefetched = new Map<string, PrefetchedConversation>();

function stateKey(botId: number, key: string): string {
  return `${botId}:${key}`;
}

/**
 * Runs the handling of an update of bot `botId` with its chat's conversation state already read (by
 * the claim), so the plugin's read of every update costs no statement of its own (a round trip on
 * PostgreSQL). Used once: the first read of that key by a storage of that bot takes it, a write or
 * delete spends it, and it ends with `work`.
 */
export async function withPrefetchedConversation<T>(
  botId: number,
  state: PrefetchedConversation | undefined,
  work: () => Promise<T>,
): Promise<T> {
  return state ? withEntry(prefetched, stateKey(botId, state.key), state, work) : work();
}

/** Bot `botId`'s prefetched state of `key`, spent by this call; undefined if there is none to use. */
function takePrefetched(botId: number, key: string): PrefetchedConversation | undefined {
  const entry = stateKey(botId, key);
  const state = prefetched.get(entry);
  if (state) prefetched.delete(entry);
  return state;
}

/**
 * Storage adapter for @grammyjs/conversations v2, so a form survives a restart (and, on PostgreSQL,
 * continues on another replica). It is read on every update, so its statements are prepared once,
 * and the inbox reads it with the claim where it safely can (`withPrefetchedConversation`).
 */
export function createConversationStateStorage<S>(
  engine: Engine,
  scope: BotScope,
): VersionedStateStorage<string, S> {
  const { conversationStates } = engine.tables;
  const { botId } = scope;
  // The bot goes in as a value: one statement text for every bot's storage.
  const read = engine.db
    .select({ value: conversationStates.value })
    .from(conversationStates)
    .where(scope.where(conversationStates, eq(conversationStates.key, sql.placeholder('key'))))
    .prepare('conversation_read');
  const write = engine.db
    .insert(conversationStates)
    .values({
      botId,
      key: sql.placeholder('key'),
      value: sql.placeholder('value'),
      updatedAt: sql.placeholder('at'),
    })
    .onConflictDoUpdate({
      target: [conversationStates.botId, conversationStates.key],
      set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` },
    })
    .prepare('conversation_write');
  const remove = engine.db
    .delete(conversationStates)
    .where(scope.where(conversationStates, eq(conversationStates.key, sql.placeholder('key'))))
    .prepare('conversation_delete');
  const parse = (value: string | null | undefined) =>
    value == null ? undefined : (JSON.parse(value) as VersionedState<S>);
  return {
    async read(key) {
      const known = takePrefetched(botId, key);
      if (known) return parse(known.value);
      return parse(first(await engine.run(() => read.execute({ key })))?.value);
    },
    async write(key, state) {
      takePrefetched(botId, key);
      await engine.run(() => write.execute({ key, value: JSON.stringify(state), at: new Date() }));
    },
    async delete(key) {
      takePrefetched(botId, key);
      await engine.run(() => remove.execute({ key }));
    },
  };
}
