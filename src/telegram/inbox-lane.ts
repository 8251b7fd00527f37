/**
 * Which lane of the update inbox an update joins (db/repositories/update-inbox.ts): updates of one
 * lane are handled one at a time and in order, on whichever replica claims them; lanes run in
 * parallel. The lanes mirror `sequentialKey` (bot/index.ts), which still orders a chat's updates
 * inside one process:
 * - a checkout question gets a lane of its own (Telegram waits 10 s for the answer);
 * - a payment is credited in the chat's payment lane (it must not wait behind a long upload);
 * - everything else of a chat (or of a user, for inline queries) shares the chat's lane; /cancel and
 *   /help are marked `control`: they may run beside the chat's update in hand, never overtake one
 *   that waits.
 * The payment lanes' names are the domain's (domain/inbox-lane.ts), which also says which lanes
 * carry payments.
 */
import { Context } from 'grammy';
import type { Update } from 'grammy/types';
import { paymentLanes } from '../domain/inbox-lane.js';

/** Commands answered beside the chat's sequence: they must never wait for a hanging upload or order. */
export const CONTROL_COMMANDS = /^\/(cancel|help)(@\w+)?(\s|$)/;

export interface InboxLane {
  lane: string;
  control: boolean;
}

/** The update read through grammY's getters (chat, from, message): no API call, so no Api or bot info. */
function read(update: Update): Context {
  return new Context(update, undefined as never, undefined as never);
}

/** The chat an update belongs to, if any. */
export function chatIdOf(update: Update): number | undefined {
  return read(update).chat?.id;
}

/** The user who sent an update, as `ctx.from` reads it; none for a bot or an update without one. */
export function senderIdOf(update: Update): number | undefined {
  const from = read(update).from;
  return from && !from.is_bot ? from.id : undefined;
}

/** A checkout question or a successful payment: what has lanes, slots and posts ahead of the rest. */
export function isPayment(ctx: Context): boolean {
  return ctx.preCheckoutQuery !== undefined || ctx.message?.successful_payment !== undefined;
}

export function inboxLane(update: Update): InboxLane {
  const ctx = read(update);
  if (ctx.preCheckoutQuery) return { lane: paymentLanes.checkout(update.update_id), control: false };
  const chatId = ctx.chat?.id;
  if (ctx.message?.successful_payment) return { lane: paymentLanes.payment(chatId), control: false };
  const key = chatId ?? ctx.from?.id;
  if (key === undefined) return { lane: `update:${update.update_id}`, control: false };
  const text = ctx.message?.text;
  return { lane: String(key), control: text !== undefined && CONTROL_COMMANDS.test(text) };
}

/** The lane a chat's ordinary updates join (a /cancel asks the update in hand there to stop). */
export function chatLane(chatId: number): string {
  return String(chatId);
}
