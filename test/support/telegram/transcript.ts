import { isInlineKeyboard } from './reply-markup.js';
import type { ChatEvent, ChatState, StoredMessage } from './state/chats.js';

const MAX_TEXT = 400;

/** A readable chat log for failure messages: one line per event, with sequence numbers. */
export function formatTranscript(chat: ChatState): string {
  const header = `chat ${chat.id} (${chat.user.first_name}${chat.user.username ? ` @${chat.user.username}` : ''})${chat.blocked ? ' [blocked the bot]' : ''}`;
  if (chat.events.length === 0) return `${header}: no messages`;
  return [header, ...chat.events.map((e) => `  ${String(e.seq).padStart(4)} ${describe(e)}`)].join('\n');
}

function describe(e: ChatEvent): string {
  switch (e.type) {
    case 'sent':
      return `${e.snapshot.fromBot ? 'bot ' : 'user'} #${e.snapshot.messageId}: ${content(e.snapshot)}`;
    case 'edited':
      return `bot  edited #${e.snapshot.messageId} (edit ${e.snapshot.editCount}): ${content(e.snapshot)}`;
    case 'deleted':
      return `bot  deleted #${e.messageId}`;
    case 'pressed':
      return `user pressed ${e.label ? `[${e.label}]` : 'a button'} on #${e.messageId} (data ${JSON.stringify(e.data)})`;
    case 'answered':
      return `bot  answered callback${e.text ? `: ${JSON.stringify(e.text)}` : ''}${e.showAlert ? ' (alert)' : ''}`;
    case 'blocked':
      return 'user blocked the bot';
    case 'unblocked':
      return 'user unblocked the bot';
  }
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
