/**
 * `/start m_<model id>`, the customers' app's Create (issue 43): the model's form opens in the chat
 * as picking it from the menu does (its header, then the form's first question, and the form takes
 * the answer); a model the customer is not offered (unknown, hidden by the admins) gets the menu.
 */
import { describe, expect, it } from 'vitest';
import { callbackQuery, type InProcessBot, textMessage } from '../support/in-process-bot.js';
import { botPerTest, buttonsOf, STARS_ENV } from '../support/in-process-helpers.js';

let harness: InProcessBot;
botPerTest(
  (started) => {
    ({ harness } = started);
  },
  { env: STARS_ENV },
);

const ANN = { id: 7201, language_code: 'en' };

const sent = () =>
  harness.calls
    .filter((c) => c.method === 'sendMessage' && c.payload.chat_id === ANN.id)
    .map((c) => c.payload);

describe('/start m_<model id>', () => {
  it("opens the model's form as the menu does, and the form takes the answers", async () => {
    await harness.send(textMessage(ANN, '/start m_203'));
    const [header, question, ...rest] = sent();
    expect(String(header?.text)).toContain('You chose <b>Lumen Text to Image</b>');
    // The form's first step (the description), not the welcome and its menu.
    expect(question).toBeDefined();
    expect(rest).toEqual([]);
    expect(sent().some((m) => String(m.text).includes('What would you like to do?'))).toBe(false);
    // The description goes into the form, which prices the order as the menu's path does.
    await harness.send(textMessage(ANN, 'a lighthouse at dawn'));
    await harness.send(callbackQuery(ANN, 'g:next'));
    const summary = harness.calls.findLast((c) =>
      buttonsOf(c.payload).some((b) => b.callback_data?.startsWith('o:ok:')),
    );
    expect(String(summary?.payload.text)).toContain('a lighthouse at dawn');
  });

  it('says what the menu says for the same model: the same header as picking it there', async () => {
    await harness.send(textMessage(ANN, '/start m_203'));
    const fromLink = String(sent()[0]?.text);
    await harness.send(callbackQuery(ANN, 'gm:203'));
    const fromMenu = harness.calls.findLast((c) => c.method === 'editMessageText')!;
    expect(String(fromMenu.payload.text)).toBe(fromLink);
  });

  it('an unknown or hidden model, or a malformed id, gets the menu', async () => {
    const settings = harness.services.liveSettings;
    await settings.load();
    await settings.updateModel(1, { id: 203, name: 'Lumen' }, settings.current().version, { offered: false });
    await settings.load();
    for (const link of ['/start m_203', '/start m_999999', '/start m_abc']) {
      harness.calls.length = 0;
      await harness.send(textMessage(ANN, link));
      const replies = sent();
      expect(replies, link).toHaveLength(1);
      expect(String(replies[0]?.text), link).not.toContain('You chose');
      expect(
        buttonsOf(replies[0]).some((b) => b.callback_data === 'menu:generate'),
        link,
      ).toBe(true);
    }
  });
});
