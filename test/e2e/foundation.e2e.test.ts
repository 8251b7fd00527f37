import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotProcess } from '../support/e2e/bot-process.js';
import { freePort } from '../support/e2e/free-port.js';
import { E2E_API_KEY, type Stack, startStack } from '../support/e2e/stack.js';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

describe('foundation over HTTP (emulator + simulator + real bot process)', () => {
  it('answers /start in English and in Russian with the main menu', async () => {
    const ann = stack.emulator.createUser({ first_name: 'Ann', language_code: 'en' });
    const ivan = stack.emulator.createUser({ first_name: 'Иван', language_code: 'ru' });
    // Both waits start before either command: the two answers may come in any order.
    const answers = Promise.all([ann.waitForMessage(/Hi, Ann!/), ivan.waitForMessage(/Привет, Иван!/)]);
    await ann.sendCommand('start');
    await ivan.sendCommand('start');
    const [en, ru] = await answers;
    expect(en.buttons.map((b) => b.text)).toEqual([
      '🎨 Create',
      '📋 My orders',
      '📚 Ready-made prompts',
      '🌐 Language',
      '❓ Help',
    ]);
    expect(ru.buttons.map((b) => b.text)).toEqual([
      '🎨 Создать',
      '📋 Мои заказы',
      '📚 Готовые промпты',
      '🌐 Язык',
      '❓ Помощь',
    ]);
    expect(en.text).not.toContain('Sandbox');
  });

  it('registers the command list in both languages', () => {
    expect(stack.emulator.commands(undefined, 'ru').map((c) => c.description)).toContain('Главное меню');
    expect(stack.emulator.commands(undefined, 'en').map((c) => c.command)).toEqual([
      'start',
      'generate',
      'orders',
      'prompts',
      'language',
      'help',
      'cancel',
    ]);
  });

  it('switches the language with buttons and keeps it across a restart', async () => {
    const user = stack.emulator.createUser({ first_name: 'Kate', language_code: 'en' });
    await user.sendCommand('language');
    await user.waitForMessage(/Language and result captions/);
    const answer = await user.pressButton('🇷🇺 Русский');
    expect(answer.text).toBe('✅ Язык переключён на русский.');
    await user.waitForMessage(/Язык переключён на русский/);

    await stack.restartBot();
    const seq = stack.emulator.seq();
    await user.sendCommand('start');
    const welcome = await user.waitForMessage(/Привет, Kate!/, { after: seq });
    expect(welcome.buttons.map((b) => b.text)).toContain('🌐 Язык');
  });

  it('opens help from the menu and goes back to the menu in place', async () => {
    const user = stack.emulator.createUser({ first_name: 'Bo', language_code: 'en' });
    await user.sendCommand('start');
    const menu = await user.waitForMessage(/Hi, Bo!/);
    await user.pressButton('❓ Help');
    const help = await user.waitForMessage(/how it works/);
    expect(help.message_id).toBe(menu.message_id);
    await user.pressButton('🏠 Main menu');
    // Back at the menu: asked what next, not greeted again.
    await user.waitForMessage(
      (m) => m.message_id === menu.message_id && /What would you like to do\?/.test(m.text ?? ''),
    );
    expect(user.messages()).toHaveLength(1);
  });

  it('answers /cancel and unknown text helpfully', async () => {
    const user = stack.emulator.createUser({ first_name: 'Cy', language_code: 'en' });
    await user.sendCommand('cancel');
    await user.waitForMessage(/nothing to cancel/);
    await user.sendText('what can you do?');
    const fallback = await user.waitForMessage(/didn't catch that/);
    expect(fallback.buttons.map((b) => b.text)).toEqual(['🏠 Main menu']);
  });

  it('retries after a Telegram 429 and the message still arrives', async () => {
    const user = stack.emulator.createUser({ first_name: 'Di', language_code: 'en' });
    stack.emulator.injectError('sendMessage', {
      error_code: 429,
      description: 'Too Many Requests: retry after 1',
      retry_after: 1,
    });
    await user.sendCommand('help');
    await user.waitForMessage(/how it works/, { timeoutMs: 15_000 });
    const outcomes = () =>
      stack.emulator
        .callsTo('sendMessage')
        .filter((c) => c.params.chat_id === user.chatId)
        .map((c) => c.ok);
    await expect.poll(outcomes).toEqual([false, true]);
  });

  it('broke no Telegram rule and left no callback query unanswered', () => {
    expect(stack.emulator.problems).toEqual([]);
    expect(stack.emulator.unansweredCallbackQueries()).toEqual([]);
  });

  it('never logs the bot token or the API key', () => {
    const logs = stack.bot.lines.join('\n');
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).not.toContain(stack.emulator.token);
    expect(logs).not.toContain(E2E_API_KEY);
  });
});

describe('start-up with a bad configuration', () => {
  it('exits non-zero naming each bad variable, without echoing secrets', async () => {
    const { code, output } = await BotProcess.runToExit({
      ADMIN_IDS: '12,abc',
      DEFAULT_LOCALE: 'de',
      RESELLER_API_KEY: 'super-secret-key',
    });
    expect(code).toBe(1);
    expect(output).toMatch(/BOT_TOKEN is required/);
    expect(output).toMatch(/ADMIN_IDS must be a comma-separated list/);
    expect(output).toMatch(
      /DEFAULT_LOCALE must be one of the installed languages \(locales\/\*\.ftl\): en, ru, uk/,
    );
    expect(output).toMatch(/RESELLER_API_URL is required when RESELLER_API_KEY is set/);
    expect(output).not.toContain('super-secret-key');
  });

  describe('a DATABASE_PATH that cannot be used', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bad-db-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const base = {
      BOT_TOKEN: '123:abc',
      RESELLER_API_URL: 'http://127.0.0.1:9/api/v1',
      RESELLER_API_KEY: 'k-secret',
    };

    it.each([
      ['a folder', () => dir, /cannot be opened/],
      [
        'a corrupt file',
        () => {
          const file = join(dir, 'corrupt.sqlite');
          writeFileSync(file, Buffer.alloc(8192, 0x42));
          return file;
        },
        /not a SQLite database/,
      ],
      [
        'a path under a file',
        () => {
          const file = join(dir, 'plain-file');
          writeFileSync(file, 'x');
          return join(file, 'bot.sqlite');
        },
        /a part of the path is a file/,
      ],
    ])('%s: exits non-zero naming the variable and the path', async (_name, makePath, reason) => {
      const path = makePath();
      const { code, output } = await BotProcess.runToExit({ ...base, DATABASE_PATH: path });
      expect(code).toBe(1);
      expect(output).toContain(`DATABASE_PATH=${path} cannot be used`);
      expect(output).toMatch(reason);
      expect(output).not.toContain('k-secret');
    });

    it('a DATABASE_URL nobody answers at: exits non-zero, naming it without its password', async () => {
      const port = await freePort();
      const url = `postgres://bot:pg-Secret-pw@127.0.0.1:${port}/bot`;
      const { code, output } = await BotProcess.runToExit({ ...base, DATABASE_URL: url });
      expect(code).toBe(1);
      expect(output).toContain(`DATABASE_URL=postgres://bot:***@127.0.0.1:${port}/bot cannot be used`);
      expect(output).not.toContain('pg-Secret-pw');
    });
  });
});
