import { describe, expect, it } from 'vitest';
import { ButtonNumbers, buttonAction } from '../../scripts/playground-buttons.js';
import type { BotMessageButton } from '../support/telegram/bot-message.js';

const confirm: BotMessageButton = { text: '✅ Confirm · $0.04', callback_data: 'cf:1' };
const cancel: BotMessageButton = { text: '✖️ Cancel', callback_data: 'cx:1' };
const again: BotMessageButton = { text: '🔁 Again', callback_data: 'ag:7' };
const share: BotMessageButton = { text: '↗️ Share', switch_inline_query: '' };

describe('the playground numbers buttons', () => {
  it('each button keeps its number while its message keeps it, so older buttons stay reachable', () => {
    const numbers = new ButtonNumbers();
    expect(numbers.number(21, [confirm, cancel])).toEqual([1, 2]);
    expect(numbers.number(34, [again, share])).toEqual([3, 4]);
    // Newer messages (the /help answer, say) change nothing about #3 and #4.
    expect(numbers.number(40, [{ text: '🏠 Menu', callback_data: 'm' }])).toEqual([5]);
    const live = new Map<number, BotMessageButton[]>([
      [21, [confirm, cancel]],
      [34, [again, share]],
    ]);
    expect(numbers.resolve(4, (id) => live.get(id))).toEqual({ ok: true, messageId: 34, button: share });
    // An edit that keeps a button keeps its number; a new button gets a new one.
    const retry: BotMessageButton = { text: '🔄 Try again', callback_data: 'rt:1' };
    expect(numbers.number(21, [retry, cancel])).toEqual([6, 2]);
  });

  it('a number whose button is gone says so, in its own words', () => {
    const numbers = new ButtonNumbers();
    numbers.number(21, [confirm, cancel]);
    // Confirm pressed: the message was edited into the status, without buttons.
    expect(numbers.resolve(1, () => [])).toEqual({
      ok: false,
      reason: 'Button #1 (✅ Confirm · $0.04): that message has no buttons any more.',
    });
    expect(numbers.resolve(1, () => undefined)).toMatchObject({ ok: false });
    // Only Cancel is left, and it is named with its number.
    expect(numbers.resolve(1, () => [cancel])).toEqual({
      ok: false,
      reason: 'Button #1 (✅ Confirm · $0.04) is no longer on its message, which now has: #2 ✖️ Cancel.',
    });
    expect(numbers.resolve(9, () => [])).toEqual({ ok: false, reason: 'There is no button #9.' });
  });

  it('knows what each kind of button does', () => {
    expect(buttonAction(confirm)).toEqual({ kind: 'callback', data: 'cf:1' });
    expect(buttonAction(share)).toEqual({ kind: 'inline', query: '' });
    expect(buttonAction({ text: '📊', web_app: { url: 'https://x.example/miniapp/' } })).toEqual({
      kind: 'web_app',
      url: 'https://x.example/miniapp/',
    });
    expect(buttonAction({ text: 'Pay', url: 'https://t.me/$abc' })).toEqual({
      kind: 'invoice_link',
      url: 'https://t.me/$abc',
    });
    expect(buttonAction({ text: 'Site', url: 'https://x.example' })).toEqual({
      kind: 'url',
      url: 'https://x.example',
    });
  });
});
