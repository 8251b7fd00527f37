/**
 * Reseller operations end to end, through the real bot process and the emulator enforcing
 * Telegram's flood limits: composing a broadcast (formatting, a link button, preview, audience,
 * count), its progress message (Pause, Resume, Cancel), one broadcast at a time, the customer card
 * with ban / unban and recent orders, the audit log, and a customer reaching none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/db/index.js';
import { type Stack, startStack } from '../support/e2e/stack.js';
import { makePng } from '../support/media-fixtures.js';
import type { BotMessage, ScriptedUser } from '../support/telegram/emulator.js';

const ADMIN = 7_200_001;
const EVE = 7_200_002;
/** Reads the bot in Russian; writes only in the last test, so the audiences above never count them. */
const ADMIN_RU = 7_200_003;
const RU_FIRST = 8_000_001;
const EN_FIRST = 8_100_001;

let stack: Stack;
let store: Store;
let admin: ScriptedUser;
let eve: ScriptedUser;
let ruUsers: ScriptedUser[];
let enUsers: ScriptedUser[];

beforeAll(async () => {
  stack = await startStack({
    // Slow on purpose: there is time to press Pause while it runs.
    env: { ADMIN_IDS: `${ADMIN},${ADMIN_RU}`, BROADCAST_RATE: '2' },
    emulator: { floodLimits: true },
  });
  admin = stack.emulator.createUser({ id: ADMIN, first_name: 'Ada', language_code: 'en' });
  eve = stack.emulator.createUser({ id: EVE, first_name: 'Eve', username: 'eve_b', language_code: 'en' });
  await admin.sendCommand('start');
  await admin.waitForMessage(/Hi, Ada!/);
  await eve.sendCommand('start');
  await eve.waitForMessage(/Hi, Eve!/);
  // Customers who wrote to the bot before (rows as the bot keeps them) and their chats.
  store = await stack.database.open();
  ruUsers = stack.emulator.createUsers(10, { firstId: RU_FIRST, language_code: 'ru' });
  enUsers = stack.emulator.createUsers(14, { firstId: EN_FIRST, language_code: 'en' });
  for (const u of [...ruUsers, ...enUsers]) {
    await store.users.touch({ id: u.id, firstName: u.user.first_name, languageCode: u.languageCode }, false);
  }
}, 60_000);
afterAll(async () => {
  await store?.close();
  await stack?.close();
});

/** `message` once edited to match `pattern` (or already matching). */
const editedTo = (user: ScriptedUser, message: BotMessage, pattern: RegExp) =>
  user.waitForMessage((m) => m.message_id === message.message_id && pattern.test(m.text ?? ''));
const received = (user: ScriptedUser, text: string) => user.messages().filter((m) => m.text === text);
const progressOf = (id: number) => (m: BotMessage) => new RegExp(`^📣 Broadcast #${id}:`).test(m.text ?? '');

describe('broadcasts', () => {
  it('composes formatted text with a link button, previews it, and sends it once to the customers reading Russian', async () => {
    await admin.sendCommand('broadcast');
    await admin.waitForMessage(/New broadcast/);
    await admin.sendText('Sale: 50% off', { entities: [{ type: 'bold', offset: 0, length: 4 }] });
    await admin.waitForMessage(/Add a link button/);
    await admin.pressButton(/Add a link button/);
    await admin.waitForMessage(/label and its link/);
    await admin.sendText('no bar here');
    await admin.waitForMessage(/couldn't be read/);
    await admin.sendText('Open the sale | https://example.com/sale');
    // The preview is the message itself, formatting and button included.
    const preview = await admin.waitForMessage((m) => m.text === 'Sale: 50% off');
    expect(preview.entities).toEqual([{ type: 'bold', offset: 0, length: 4 }]);
    expect(preview.buttons).toEqual([{ text: 'Open the sale', url: 'https://example.com/sale' }]);
    await admin.waitForMessage(/Who should get it/);
    await admin.pressButton(/By language/);
    await admin.waitForMessage(/Which language/);
    await admin.pressButton('🇷🇺 Русский');
    await admin.waitForMessage(/Send this message to 10 recipients \(customers reading in 🇷🇺 Русский\)/);
    await admin.pressButton(/Send to 10/);
    await admin.waitForMessage(progressOf(1));
    await admin.waitForMessage(/Broadcast #1 is finished/, { timeoutMs: 30_000 });
    const report = admin.messages().find((m) => /Broadcast #1 is finished/.test(m.text ?? ''))!;
    expect(report.text).toMatch(/Sent: 10 of 10/);
    for (const u of ruUsers) {
      const got = received(u, 'Sale: 50% off');
      expect(got, `user ${u.id}`).toHaveLength(1);
      expect(got[0]!.entities).toEqual([{ type: 'bold', offset: 0, length: 4 }]);
      expect(got[0]!.buttons).toEqual([{ text: 'Open the sale', url: 'https://example.com/sale' }]);
    }
    for (const u of [...enUsers, eve]) expect(received(u, 'Sale: 50% off')).toEqual([]);
    // The progress message ends without buttons.
    const progress = admin.messages().find(progressOf(1))!;
    expect(progress.buttons).toEqual([]);
    expect(stack.emulator.floodStats().ignored).toBe(0);
    expect(stack.emulator.problems).toEqual([]);
  }, 60_000);

  it('Pause holds it, a second /broadcast is refused, Resume goes on, Cancel ends it; a customer cannot touch it', async () => {
    await admin.sendCommand('broadcast');
    await admin.waitForMessage(/New broadcast/);
    await admin.sendText('Second news');
    await admin.waitForMessage(/Add a link button/);
    await admin.pressButton(/Continue without a button/);
    const preview = await admin.waitForMessage((m) => m.text === 'Second news');
    await admin.waitForMessage(/Who should get it/);
    await admin.pressButton(/Everyone/);
    // Everyone: 10 + 14 seeded, Eve and the admin.
    await admin.waitForMessage(/Send this message to 26 recipients/);
    await admin.pressButton(/Send to 26/);
    const progress = await admin.waitForMessage(progressOf(2));
    const everyone = [...ruUsers, ...enUsers, eve, admin];
    // The admin's preview is not a delivery.
    const deliveries = (u: ScriptedUser) =>
      received(u, 'Second news').filter((m) => m.message_id !== preview.message_id);
    const delivered = () => everyone.filter((u) => deliveries(u).length > 0).length;
    await expect.poll(delivered, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);

    // Eve forges the progress buttons and an admin's card button: nothing happens.
    const eveMessage = eve.messages()[0]!.message_id;
    for (const data of ['bcp:cancel_yes:2', 'bcp:pause:2', `usr:ban:${ADMIN}`, 'aud:0', 'bcc:send']) {
      const answer = await eve.pressCallbackData(data, eveMessage);
      expect(answer.text, data).toMatch(/doesn't work anymore/);
    }
    for (const command of ['broadcast', 'audit']) {
      await eve.sendCommand(command);
      await eve.waitForMessage(/didn't catch that/);
    }
    expect((await store.broadcasts.find(2))?.status).toBe('running');

    expect((await admin.pressButton(/Pause/, { messageId: progress.message_id })).text).toBe('Paused');
    expect((await store.broadcasts.find(2))?.status).toBe('paused');
    await admin.sendCommand('broadcast');
    await admin.waitForMessage(/Broadcast #2 is paused: .* Only one broadcast runs at a time/);
    // Once the sender has seen the pause (its own log line) and the sends it had started have ended
    // (its own record: none sending), nothing more goes out: what it recorded sent is what reached
    // the chats, and neither moves until Resume (checked right before pressing it).
    await stack.bot.waitForLine(/"status":"paused".*broadcast on hold/, 15_000);
    await expect.poll(async () => (await store.broadcasts.counts(2)).sending, { timeout: 20_000 }).toBe(0);
    const held = await store.broadcasts.counts(2);
    const heldAt = delivered();
    expect(heldAt).toBe(held.sent);
    expect(heldAt).toBeLessThan(26);
    expect(held.pending).toBe(26 - heldAt);
    expect(await store.broadcasts.counts(2)).toEqual(held);
    expect(delivered()).toBe(heldAt);

    expect((await admin.pressButton(/Resume/, { messageId: progress.message_id })).text).toBe('Resumed');
    await expect.poll(delivered, { timeout: 20_000 }).toBeGreaterThan(heldAt);
    await admin.pressButton(/Cancel the broadcast/, { messageId: progress.message_id });
    await admin.waitForMessage(/Cancel the broadcast\? Customers who haven't got it yet/);
    expect((await admin.pressButton(/Yes, cancel it/, { messageId: progress.message_id })).text).toBe(
      'Broadcast cancelled',
    );
    const report = await admin.waitForMessage(/Broadcast #2 was cancelled/, { timeoutMs: 20_000 });
    await stack.settled();
    const sent = Number(/Sent: (\d+) of 26/.exec(report.text ?? '')?.[1]);
    expect(sent).toBe(delivered());
    expect(sent).toBeLessThan(26);
    for (const u of everyone) expect(deliveries(u).length).toBeLessThanOrEqual(1);
    expect(report.text).toMatch(new RegExp(`Not sent: ${26 - sent}`));
    expect(stack.emulator.floodStats().ignored).toBe(0);
    expect(stack.emulator.problems).toEqual([]);
  }, 90_000);
});

describe('broadcasting media', () => {
  it('sends a photo with its caption to a list of ids, leaving out an id that never wrote to the bot', async () => {
    await admin.sendCommand('broadcast');
    await admin.waitForMessage(/New broadcast/);
    await admin.sendText('🙂');
    await admin.sendCommand('help');
    // A command leaves the composer; the draft is gone and /broadcast starts afresh.
    await admin.waitForMessage(/How it works|how it works/i);
    await admin.sendCommand('broadcast');
    await admin.waitForMessage(/New broadcast/);
    await admin.sendPhoto(makePng(64, 64), { caption: 'Look at this' });
    await admin.waitForMessage(/Add a link button/);
    await admin.pressButton(/Continue without a button/);
    const preview = await admin.waitForMessage(
      (m) => m.mediaType === 'photo' && m.caption === 'Look at this',
    );
    await admin.waitForMessage(/Who should get it/);
    await admin.pressButton(/List of ids/);
    await admin.waitForMessage(/Send the Telegram ids/);
    await admin.sendText('nothing numeric');
    await admin.waitForMessage(/No ids found there/);
    const [ru, en] = [ruUsers[0]!, enUsers[0]!];
    await admin.sendText(`${ru.id}, ${en.id}\n424242`);
    await admin.waitForMessage(/Send this message to 2 recipients \(the listed customers\)/);
    await admin.pressButton(/Send to 2/);
    await admin.waitForMessage(/Broadcast #3 is finished/, { timeoutMs: 20_000 });
    for (const u of [ru, en]) {
      const photos = u.messages().filter((m) => m.mediaType === 'photo');
      expect(photos.map((m) => [m.caption, m.media?.file_id])).toEqual([
        ['Look at this', preview.media?.file_id],
      ]);
    }
    expect(ruUsers[1]!.messages().filter((m) => m.mediaType === 'photo')).toEqual([]);
    expect(stack.emulator.problems).toEqual([]);
  }, 60_000);
});

describe('customer card and audit log', () => {
  it('shows a card by @username, bans and unbans from it (the ban holds at once), lists recent orders', async () => {
    await admin.sendCommand('user');
    await admin.waitForMessage(/Usage: \/user 123456789 or \/user @username/);
    await admin.sendCommand('user', '424242');
    await admin.waitForMessage(/424242 has never messaged this bot/);
    await admin.sendCommand('user', '@Eve_B');
    const card = await admin.waitForMessage(/👤 Eve @eve_b/);
    expect(card.text).toMatch(new RegExp(`ID: ${EVE}`));
    expect(card.text).toMatch(/Orders: 0 \(completed 0\)/);
    expect(card.text).toMatch(/Status: active/);

    expect((await admin.pressButton(/Ban/, { messageId: card.message_id })).text).toBe('Banned');
    await editedTo(admin, card, /Banned since/);
    await eve.sendCommand('start');
    await eve.waitForMessage(/isn't available to you/);

    expect((await admin.pressButton(/Unban/, { messageId: card.message_id })).text).toBe('Unbanned');
    await eve.sendCommand('start');
    await eve.waitForMessage(/Hi, Eve!/);

    await admin.pressButton(/Recent orders/, { messageId: card.message_id });
    await editedTo(admin, card, /No orders yet/);
    await admin.pressButton(/Back to the card/, { messageId: card.message_id });
    await editedTo(admin, card, /Status: active/);
    // A card for an admin has no Ban button, and a forged one is refused.
    await admin.sendCommand('user', String(ADMIN));
    const own = await admin.waitForMessage(/🛡 Admin/);
    expect(own.buttons.map((b) => b.text)).toEqual(['🧾 Recent orders']);
    const refused = await admin.pressCallbackData(`usr:ban:${ADMIN}`, own.message_id);
    expect(refused.text).toBe("Admins can't be banned.");
    expect((await store.users.find(ADMIN))?.bannedAt).toBeNull();
  }, 60_000);

  it('the audit log lists every admin action, newest first, a page at a time', async () => {
    // Two more ban/unban rounds: 3 broadcasts started + pause, resume, cancel + 3 rounds of ban/unban.
    await admin.sendCommand('user', String(EVE));
    const card = await admin.waitForMessage(/👤 Eve/);
    for (let i = 0; i < 2; i++) {
      await admin.pressButton(/Ban/, { messageId: card.message_id });
      await editedTo(admin, card, /Banned since/);
      await admin.pressButton(/Unban/, { messageId: card.message_id });
      await editedTo(admin, card, /Status: active/);
    }
    await admin.sendCommand('audit');
    const page = await admin.waitForMessage(/Admin actions · 1–10 of 12/);
    const lines = (page.text ?? '').split('\n').filter((l) => l.includes(` · ${ADMIN} Ada: `));
    expect(lines).toHaveLength(10);
    expect(lines[0]).toMatch(new RegExp(`Ada: unbanned ${EVE}$`));
    expect(lines[1]).toMatch(new RegExp(`Ada: banned ${EVE}$`));
    await admin.pressButton(/Older/, { messageId: page.message_id });
    const older = await editedTo(admin, page, /11–12 of 12/);
    for (const action of ['cancelled', 'resumed', 'paused']) {
      expect(page.text).toMatch(new RegExp(`Ada: ${action} broadcast #2$`, 'm'));
    }
    expect(page.text).toMatch(/Ada: started broadcast #3 to 2 recipients$/m);
    expect(older.text).toMatch(/Ada: started broadcast #2 to 26 recipients$/m);
    expect(older.text).toMatch(/Ada: started broadcast #1 to 10 recipients$/m);
    expect(await store.audit.count()).toBe(12);
  }, 60_000);
});

describe('in Russian', () => {
  it('an admin reading Russian composes, sends and reads the report, the card and the audit log in Russian', async () => {
    const boris = stack.emulator.createUser({ id: ADMIN_RU, first_name: 'Борис', language_code: 'ru' });
    const [first, second] = ruUsers as [ScriptedUser, ScriptedUser];
    await boris.sendCommand('broadcast');
    await boris.waitForMessage(/Новая рассылка/);
    await boris.sendText('Новости недели');
    await boris.waitForMessage(/Добавить под сообщением кнопку-ссылку\?/);
    await boris.pressButton('Продолжить без кнопки');
    await boris.waitForMessage((m) => m.text === 'Новости недели');
    await boris.waitForMessage(/Так сообщение увидят клиенты\. Кому его отправить\?/);
    await boris.pressButton('🔢 По списку id');
    await boris.waitForMessage(/Пришлите Telegram id получателей/);
    await boris.sendText(`${first.id}, ${second.id}`);
    await boris.waitForMessage(/Отправить это сообщение 2 получателям \(клиенты из списка\)\?/);
    await boris.pressButton('📣 Отправить (2)');
    const report = await boris.waitForMessage(/Рассылка №\s\d+ завершена/, { timeoutMs: 30_000 });
    const id = /№\s(\d+)/.exec(report.text ?? '')![1];
    expect(report.text).toMatch(/Отправлено: 2 из 2\nЗаблокировали бота: 0/);
    for (const u of [first, second]) expect(received(u, 'Новости недели')).toHaveLength(1);

    await boris.sendCommand('user', String(first.id));
    const card = await boris.waitForMessage(/👤 /);
    expect(card.text).toMatch(/Язык: .*\nПервый визит: /);
    expect(card.text).toContain('Статус: активен');
    expect((await boris.pressButton('⛔️ Забанить', { messageId: card.message_id })).text).toBe(
      'Пользователь забанен',
    );
    await editedTo(boris, card, /⛔️ Бан с /);
    expect((await boris.pressButton('✅ Снять бан', { messageId: card.message_id })).text).toBe('Бан снят');
    await editedTo(boris, card, /Статус: активен/);
    // Every prompt the composer showed lost its buttons once answered; only the card keeps its own.
    expect(
      boris
        .messages()
        .filter((m) => m.buttons.length > 0)
        .map((m) => m.message_id),
    ).toEqual([card.message_id]);

    await boris.sendCommand('audit');
    const audit = await boris.waitForMessage(/Действия админов · 1–\d+ из \d/);
    const mine = (audit.text ?? '').split('\n').filter((l) => l.includes(` · ${ADMIN_RU} Борис: `));
    expect(mine.map((l) => l.replace(/^.* Борис: /, ''))).toEqual([
      `разбан ${first.id}`,
      `бан ${first.id}`,
      `запуск рассылки №\u00a0${id} (получателей: 2)`,
    ]);
    expect(stack.emulator.problems).toEqual([]);
  }, 60_000);
});
