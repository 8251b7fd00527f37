/**
 * A language added by dropping a file (issue 45), end to end: the real bot process started with a
 * brand folder holding `xx.ftl`, a handful of texts in a language we do not ship. The bot starts,
 * offers it in /language in its own name, speaks it to whoever picks it or whose Telegram uses it,
 * shows the texts the file lacks in the default language, and lists those once in its log; the
 * control room gets the file's page texts from the same process.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/e2e/free-port.js';
import { type Stack, startStack } from '../support/e2e/stack.js';

const XX = [
  'language-name = 🏳️ Xish',
  'language-choose = 🌐 <b>Xish: pick a language</b>',
  'language-changed = ✅ Xish it is.',
  'menu-help = ❓ Xish help',
  'miniapp-title = Xish kontrol',
  '',
].join('\n');

describe('a language added by a file in the brand folder', () => {
  let stack: Stack;
  let dir: string;
  let port: number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'brand-xx-'));
    writeFileSync(join(dir, 'xx.ftl'), XX);
    port = await freePort();
    stack = await startStack({
      env: { BRAND_TEXTS_DIR: dir, HTTP_PORT: String(port), PUBLIC_URL: 'https://panel.example.com' },
    });
  });
  afterAll(async () => {
    await stack?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('logs the texts it lacks once, at start-up', () => {
    const missing = stack.bot.lines.filter((line) => line.includes('texts missing in xx.ftl'));
    expect(missing).toHaveLength(1);
    const logged = JSON.parse(missing[0]!) as { locale: string; missing: string[] };
    expect(logged.locale).toBe('xx');
    expect(logged.missing).toContain('button-main-menu');
    expect(logged.missing).not.toContain('language-choose');
  });

  it('speaks it to a customer whose Telegram uses it: its own texts, the rest in the default language', async () => {
    const user = stack.emulator.createUser({ first_name: 'Xan', language_code: 'xx' });
    await user.sendCommand('language');
    const picker = await user.waitForMessage(/Xish: pick a language/);
    const labels = picker.buttons.map((b) => b.text);
    expect(labels).toEqual(
      expect.arrayContaining(['🇬🇧 English', '🇷🇺 Русский', '🇺🇦 Українська', '✅ 🏳️ Xish']),
    );
    // A text xx.ftl lacks: English, the default language.
    expect(labels.at(-1)).toBe('🏠 Main menu');
  });

  it('is offered to everyone in /language, in its own name, and switches to it', async () => {
    const user = stack.emulator.createUser({ first_name: 'Ed', language_code: 'en' });
    await user.sendCommand('language');
    await user.waitForMessage(/Language and result captions/);
    const answer = await user.pressButton('🏳️ Xish');
    expect(answer.text).toBe('✅ Xish it is.');
    const seq = stack.emulator.seq();
    await user.sendCommand('start');
    const menu = await user.waitForMessage(/Hi, Ed!/, { after: seq });
    expect(menu.buttons.map((b) => b.text)).toContain('❓ Xish help');
    expect(stack.emulator.problems).toEqual([]);
  });

  it('gives the control room its texts: the page fetches a language its bundle lacks', async () => {
    const strings = await fetch(`http://127.0.0.1:${port}/miniapp/strings/xx.json`);
    expect(strings.status).toBe(200);
    const texts = (await strings.json()) as Record<string, string>;
    expect(texts['miniapp-title']).toBe('Xish kontrol');
    // Only the page's texts, and only the file's own: the page reads English for the rest.
    expect(Object.keys(texts)).toEqual(['miniapp-title']);
    expect((await fetch(`http://127.0.0.1:${port}/miniapp/strings/de.json`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/miniapp/strings/..%2Fen.json`)).status).toBe(404);
  });
});
