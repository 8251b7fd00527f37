/**
 * /dashboard and the menu button: admins get an https `web_app` button to the control room (and it
 * as their chat's menu button), customers neither; without PUBLIC_URL the answer says what to set.
 * The emulator refuses what Telegram refuses: http Web App URLs, on buttons and on menu buttons.
 */
import { GrammyError, InlineKeyboard } from 'grammy';
import { afterEach, describe, expect, it } from 'vitest';
import { setAdminMenuButtons } from '../../src/telegram/menu-button.js';
import { createInProcessBot, type InProcessBot, textMessage } from '../support/in-process-bot.js';
import { botFor, startEmulator } from '../telegram-emulator/helpers.js';

const ADMIN = 90;
const CUSTOMER = 91;

let harness: InProcessBot | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

async function dashboardFor(env: Record<string, string>, from: number, languageCode = 'en') {
  harness = await createInProcessBot({ env: { ADMIN_IDS: String(ADMIN), ...env } });
  await harness.send(textMessage({ id: from, language_code: languageCode }, '/dashboard'));
  return harness.calls;
}

const webAppButtons = (calls: InProcessBot['calls']) =>
  calls.flatMap((c) => {
    const markup = c.payload.reply_markup as {
      inline_keyboard?: Array<Array<{ web_app?: { url: string } }>>;
    };
    return (markup?.inline_keyboard ?? []).flat().filter((b) => b.web_app);
  });

describe('/dashboard', () => {
  it('gives an admin a web_app button to PUBLIC_URL/miniapp/ and makes it their menu button', async () => {
    const calls = await dashboardFor({ PUBLIC_URL: 'https://bot.example.com', METRICS_PORT: '9100' }, ADMIN);
    const [button] = webAppButtons(calls);
    expect(button).toEqual({
      text: '📊 Open the control room',
      web_app: { url: 'https://bot.example.com/miniapp/' },
    });
    const menu = calls.find((c) => c.method === 'setChatMenuButton');
    expect(menu?.payload).toEqual({
      chat_id: ADMIN,
      menu_button: {
        type: 'web_app',
        text: 'Control room',
        web_app: { url: 'https://bot.example.com/miniapp/' },
      },
    });
  });

  it('in webhook mode defaults to WEBHOOK_URL’s origin', async () => {
    const calls = await dashboardFor(
      { BOT_MODE: 'webhook', WEBHOOK_URL: 'https://hooks.example.com/tg', WEBHOOK_SECRET: 's3cret' },
      ADMIN,
      'ru',
    );
    expect(webAppButtons(calls)).toEqual([
      { text: '📊 Открыть панель', web_app: { url: 'https://hooks.example.com/miniapp/' } },
    ]);
  });

  it('shows a customer nothing of it', async () => {
    const calls = await dashboardFor(
      { PUBLIC_URL: 'https://bot.example.com', METRICS_PORT: '9100' },
      CUSTOMER,
    );
    expect(webAppButtons(calls)).toEqual([]);
    expect(calls.some((c) => c.method === 'setChatMenuButton')).toBe(false);
  });

  it('says why the control room is off: no PUBLIC_URL, or no HTTP port when polling', async () => {
    const noUrl = await dashboardFor({ METRICS_PORT: '9100' }, ADMIN);
    expect(String(noUrl.findLast((c) => c.method === 'sendMessage')?.payload.text)).toContain('PUBLIC_URL');
    expect(webAppButtons(noUrl)).toEqual([]);
    await harness?.close();
    const noPort = await dashboardFor({ PUBLIC_URL: 'https://bot.example.com' }, ADMIN);
    expect(String(noPort.findLast((c) => c.method === 'sendMessage')?.payload.text)).toContain('HTTP_PORT');
  });
});

describe('Web App buttons in the emulator, as Telegram checks them', () => {
  it('refuses http Web App URLs on inline buttons and menu buttons, keeps https ones', async () => {
    const emu = await startEmulator();
    try {
      const api = botFor(emu).api;
      const admin = emu.createUser();
      await admin.sendCommand('start');
      const stranger = 424242;
      const refused = await api
        .sendMessage(admin.id, 'open', {
          reply_markup: new InlineKeyboard().webApp('Open', 'http://127.0.0.1/miniapp/'),
        })
        .catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(GrammyError);
      expect((refused as GrammyError).description).toMatch(/Only HTTPS links are allowed/);
      await api.sendMessage(admin.id, 'open', {
        reply_markup: new InlineKeyboard().webApp('Open', 'https://bot.example.com/miniapp/'),
      });

      const http = await api
        .setChatMenuButton({
          chat_id: admin.id,
          menu_button: { type: 'web_app', text: 'Room', web_app: { url: 'http://x/' } },
        })
        .catch((e: unknown) => e);
      expect((http as GrammyError).description).toMatch(/Only HTTPS links are allowed/);
      const { failed } = await setAdminMenuButtons(api, {
        url: 'https://bot.example.com/miniapp/',
        text: 'Room',
        adminIds: [admin.id, stranger],
      });
      expect(failed.map((f) => f.adminId)).toEqual([stranger]);
      expect(await api.getChatMenuButton({ chat_id: admin.id })).toEqual({
        type: 'web_app',
        text: 'Room',
        web_app: { url: 'https://bot.example.com/miniapp/' },
      });
      // Everyone else keeps the default.
      expect(await api.getChatMenuButton()).toEqual({ type: 'commands' });
    } finally {
      await emu.close();
    }
  });
});
