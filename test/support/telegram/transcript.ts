import { isInlineKeyboard } from './reply-markup.js';
import type { ChatEvent, ChatState, StoredMessage } from './state/chats.js';

const MAX_TEXT = 400;

/** A readable chat log for failure messages: one line per event, with sequence numbers. */
export function formatTranscript(chat: ChatState): string {
  const header = headerOf(chat);
  if (chat.events.length === 0) return `${header}: no messages`;
  return [header, ...chat.events.map((e) => `  ${String(e.seq).padStart(4)} ${describe(e, chat)}`)].join(
    '\n',
  );
}

function headerOf(chat: ChatState): string {
  if (chat.kind === 'private') {
    return `chat ${chat.id} (${chat.user.first_name}${chat.user.username ? ` @${chat.user.username}` : ''})${chat.blocked ? ' [blocked the bot]' : ''}`;
  }
  const { group } = chat;
  const names = [...group.members.values()].map((m) => m.user.first_name);
  if (group.type === 'private') return `private chat of ${names.join(' and ')} (the bot only as a guest)`;
  const flags = [group.type, `bot: ${group.bot}`, group.privacyMode ? 'privacy mode' : 'reads all messages'];
  return `${group.type} ${chat.id} ${JSON.stringify(group.title)} (${flags.join(', ')}; members: ${names.join(', ')})`;
}

function describe(e: ChatEvent, chat: ChatState): string {
  const group = chat.kind === 'group';
  switch (e.type) {
    case 'sent':
      return `${sender(e.snapshot, group)} ${ref(e.snapshot)}${group ? notes(e.snapshot) : ''}: ${content(e.snapshot)}`;
    case 'edited':
      return `bot  edited ${ref(e.snapshot)} (edit ${e.snapshot.editCount}): ${content(e.snapshot)}`;
    case 'deleted':
      return `bot  deleted ${e.ephemeral ? `ephemeral #e${e.ephemeral.id}` : `#${e.messageId}`}`;
    case 'pressed': {
      const who = group && e.by ? e.by.first_name : 'user';
      const on = e.ephemeralId ? `ephemeral #e${e.ephemeralId}` : `#${e.messageId}`;
      return `${who} pressed ${e.label ? `[${e.label}]` : 'a button'} on ${on} (data ${JSON.stringify(e.data)})`;
    }
    case 'answered':
      return `bot  answered callback${e.text ? `: ${JSON.stringify(e.text)}` : ''}${e.showAlert ? ' (alert)' : ''}`;
    case 'blocked':
      return 'user blocked the bot';
    case 'unblocked':
      return 'user unblocked the bot';
    case 'membership':
      return e.note;
  }
}

function sender(m: StoredMessage, group: boolean): string {
  if (m.fromBot) return 'bot ';
  return group && m.from ? m.from.first_name : 'user';
}

function ref(m: StoredMessage): string {
  return m.ephemeral ? `ephemeral #e${m.ephemeral.id}` : `#${m.messageId}`;
}

function notes(m: StoredMessage): string {
  const parts: string[] = [];
  if (m.ephemeral?.receiver) parts.push(`only for ${m.ephemeral.receiver.first_name}`);
  else if (m.ephemeral) parts.push('only for the bot');
  if (m.guestCaller) parts.push(`guest answer to ${m.guestCaller.first_name}`);
  if (m.replyTo !== undefined) parts.push(`reply to #${m.replyTo}`);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

function content(m: StoredMessage): string {
  const parts: string[] = [];
  if (m.media) {
    const f = m.media.file;
    parts.push(
      `[${m.media.type}${f.fileName ? ` ${f.fileName}` : ''}, ${f.size} bytes${m.mediaGroupId ? `, album ${m.mediaGroupId}` : ''}]`,
    );
  }
  if (m.invoice)
    parts.push(
      `[invoice ${JSON.stringify(m.invoice.title)}, ${m.invoice.total_amount} ${m.invoice.currency}]`,
    );
  if (m.successfulPayment) parts.push(`[paid ${String(m.successfulPayment['total_amount'])} XTR]`);
  if (m.service) parts.push(`[${Object.keys(m.service).join(', ')}]`);
  const text = m.text ?? m.caption;
  if (text) parts.push(JSON.stringify(text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text));
  if (isInlineKeyboard(m.replyMarkup)) {
    parts.push(
      m.replyMarkup.inline_keyboard.map((row) => row.map((b) => `[${b.text}]`).join(' ')).join(' / '),
    );
  } else if (m.replyMarkup && 'keyboard' in m.replyMarkup) {
    const rows = m.replyMarkup.keyboard.map((row) =>
      row.map((b) => `(${typeof b === 'string' ? b : b.text})`).join(' '),
    );
    parts.push(`keyboard: ${rows.join(' / ')}`);
  }
  return parts.join(' ') || '(empty)';
}
