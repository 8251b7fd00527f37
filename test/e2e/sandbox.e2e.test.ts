/**
 * Sandbox mode as a newcomer runs it: the real bot process with a token and no RESELLER_API_KEY (the
 * simulator runs inside the bot) and none of the tests' RESULT_URLS_ALLOW_* variables. A generation
 * must end with the picture in the chat: the bot trusts exactly its own simulator's origin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sniffMedia } from '../../src/lib/media-signature.js';
import { createTestDatabase, type TestDatabase } from '../support/databases.js';
import { BotProcess } from '../support/e2e/bot-process.js';
import { confirmOrder, pricedTextImage } from '../support/e2e/flows.js';
import { closeAndCheck } from '../support/e2e/stack.js';
import { startTelegramEmulator, type TelegramEmulator } from '../support/telegram/emulator.js';

let emulator: TelegramEmulator;
let database: TestDatabase;
let bot: BotProcess;

beforeAll(async () => {
  database = await createTestDatabase();
  emulator = await startTelegramEmulator();
  bot = await BotProcess.start({
    env: {
      BOT_TOKEN: emulator.token,
      TELEGRAM_API_ROOT: emulator.apiRoot,
      ...database.env,
      // Quick simulated generations and polls; nothing here loosens the result-URL policy.
      SANDBOX_ORDER_MS: '300',
      ORDER_POLL_MIN_MS: '100',
      ORDER_POLL_MAX_MS: '1000',
    },
  });
});
afterAll(async () => {
  await closeAndCheck(emulator ?? { problems: [] }, [
    async () => bot?.stop(),
    async () => emulator?.close(),
    async () => database?.drop(),
  ]);
});

describe('sandbox mode (no RESELLER_API_KEY)', () => {
  it('delivers the generated picture to the chat', async () => {
    expect(bot.lines.join('\n')).toMatch(/SANDBOX MODE/);
    const user = emulator.createUser({ first_name: 'Newcomer', language_code: 'en' });
    await pricedTextImage(user, 'A lighthouse at dawn');
    await confirmOrder(user);

    // The picture, or the message that it could not be delivered (then the test fails at once).
    const outcome = await user.waitForMessage(
      (m) => m.kind === 'photo' || /could not be delivered/.test(m.text ?? ''),
      { timeoutMs: 90_000 },
    );
    expect(outcome.kind, outcome.text).toBe('photo');
    expect(sniffMedia(await outcome.media!.bytes())?.family).toBe('image');
    expect(bot.lines.join('\n')).not.toMatch(/result refused/);
  }, 120_000);
});
