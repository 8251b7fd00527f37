/**
 * The reminders' switch (issue 44): "No more reminders" under a reminder turns them off for good
 * (stored, said in the customer's language, the reminder's buttons gone), and /language shows the
 * switch, which turns them on and off again; a bot with REMINDERS=off shows no switch at all, until
 * an admin turns a rule on live (the control room's Settings).
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  callbackQuery,
  createInProcessBot,
  type InProcessBot,
  textMessage,
} from '../support/in-process-bot.js';
import { buttonsOf, STARS_ENV } from '../support/in-process-helpers.js';

let harness: InProcessBot;
afterEach(async () => {
  await harness?.close();
});

const lastCall = (h: InProcessBot, method: string) => h.calls.findLast((c) => c.method === method)?.payload;
const remindersOff = async (h: InProcessBot, id: number) => (await h.store.users.find(id))?.remindersOff;

describe('the reminders switch', () => {
  it('under a reminder: off for good, said once, the buttons gone', async () => {
    harness = await createInProcessBot();
    const user = { id: 70, language_code: 'ru' };
    await harness.send(textMessage(user, '/start'));
    expect(await remindersOff(harness, 70)).toBe(false);
    await harness.send(callbackQuery(user, 'rmd:off:msg'));
    expect(await remindersOff(harness, 70)).toBe(true);
    expect(lastCall(harness, 'editMessageReplyMarkup')).toMatchObject({ chat_id: 70 });
    expect(String(lastCall(harness, 'sendMessage')?.text)).toBe(
      '🔕 Напоминания выключены. Включить их снова можно в /language.',
    );
    expect(harness.calls.filter((c) => c.method === 'answerCallbackQuery')).toHaveLength(1);
  });

  it('in /language: shows the state and switches it', async () => {
    harness = await createInProcessBot();
    const user = { id: 71, language_code: 'en' };
    await harness.send(textMessage(user, '/language'));
    const picker = buttonsOf(lastCall(harness, 'sendMessage'));
    expect(picker.find((b) => b.callback_data === 'rmd:off:lang')?.text).toBe('🔔 Reminders: on');
    await harness.send(callbackQuery(user, 'rmd:off:lang'));
    expect(await remindersOff(harness, 71)).toBe(true);
    const redrawn = buttonsOf(lastCall(harness, 'editMessageText'));
    expect(redrawn.find((b) => b.callback_data === 'rmd:on:lang')?.text).toBe('🔕 Reminders: off');
    await harness.send(callbackQuery(user, 'rmd:on:lang'));
    expect(await remindersOff(harness, 71)).toBe(false);
  });

  it('with REMINDERS=off: no switch in /language', async () => {
    harness = await createInProcessBot({ env: { REMINDERS: 'off' } });
    const user = { id: 72, language_code: 'en' };
    await harness.send(textMessage(user, '/language'));
    expect(buttonsOf(lastCall(harness, 'sendMessage')).some((b) => b.callback_data?.startsWith('rmd:'))).toBe(
      false,
    );
  });

  it('/stats tells admins what the reminders did over 30 days; REMINDERS=off leaves the line out', async () => {
    harness = await createInProcessBot({ env: { ADMIN_IDS: '9' } });
    const { reminders } = harness.store;
    await reminders.plan([
      { key: 'welcome:5', userId: 5, rule: 'welcome_unused', subject: '5' },
      { key: 'welcome:6', userId: 6, rule: 'welcome_unused', subject: '6' },
    ]);
    for (const key of ['welcome:5', 'welcome:6']) {
      await reminders.startSending(key);
      await reminders.settle(key, 'sent');
    }
    const admin = { id: 9, language_code: 'en' };
    await harness.send(textMessage(admin, '/stats'));
    expect(String(lastCall(harness, 'sendMessage')?.text)).toContain(
      '🔔 Reminders, last 30 days: 2 sent, 0 acted on within 48\u00a0h',
    );
    await harness.close();
    harness = await createInProcessBot({ env: { ADMIN_IDS: '9', REMINDERS: 'off' } });
    await harness.send(textMessage(admin, '/stats'));
    expect(String(lastCall(harness, 'sendMessage')?.text)).not.toContain('Reminders');
  });

  it('switched live from the control room: with REMINDERS=off, a rule turned on shows the switch and the /stats line; all off hides them again', async () => {
    harness = await createInProcessBot({ env: { ADMIN_IDS: '9', REMINDERS: 'off' } });
    const { liveSettings } = harness.services;
    await liveSettings.load();
    const user = { id: 74, language_code: 'en' };
    const admin = { id: 9, language_code: 'en' };
    const hasSwitch = () =>
      buttonsOf(lastCall(harness, 'sendMessage')).some((b) => b.callback_data?.startsWith('rmd:'));
    await liveSettings.updateGlobal(9, 0, { reminders: ['welcome_unused'] });
    await harness.send(textMessage(user, '/language'));
    expect(hasSwitch()).toBe(true);
    await harness.send(textMessage(admin, '/stats'));
    expect(String(lastCall(harness, 'sendMessage')?.text)).toContain('🔔 Reminders, last 30 days: 0 sent');
    await liveSettings.updateGlobal(9, 1, { reminders: [] });
    await harness.send(textMessage(user, '/language'));
    expect(hasSwitch()).toBe(false);
    await harness.send(textMessage(admin, '/stats'));
    expect(String(lastCall(harness, 'sendMessage')?.text)).not.toContain('Reminders');
  });

  it('the gift under a win-back reminder redeems its code with one tap, once', async () => {
    harness = await createInProcessBot({ env: STARS_ENV });
    const { code } = await harness.services.promo!.createGift(25, 7);
    const user = { id: 73, language_code: 'en' };
    await harness.send(callbackQuery(user, `pcr:${code}`));
    expect(String(lastCall(harness, 'sendMessage')?.text)).toContain('Promo code accepted: +⭐\u00a025');
    await harness.send(callbackQuery(user, `pcr:${code}`));
    expect(String(lastCall(harness, 'sendMessage')?.text)).toMatch(/already|used up/);
  });
});
