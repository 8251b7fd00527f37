/**
 * Debian's Chromium for the browser tests, driven by playwright-core. Without it the browser tests
 * are skipped with a message, except with REQUIRE_CHROMIUM=1 (CI installs it), where that fails.
 */
import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const haveChromium = existsSync(CHROMIUM);
if (!haveChromium && process.env.REQUIRE_CHROMIUM === '1') {
  throw new Error(`REQUIRE_CHROMIUM=1 but there is no Chromium at ${CHROMIUM} (apt-get install chromium)`);
}
if (!haveChromium)
  console.warn(`browser tests skipped: no Chromium at ${CHROMIUM} (apt-get install chromium)`);

/** A headless Chromium, or undefined where there is none (the tests skip then). */
export function launchChromium(): Promise<Browser> | undefined {
  return haveChromium ? chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] }) : undefined;
}

/** Telegram's light theme, as the Mini App gets it in its launch parameters. */
export const LIGHT_THEME = {
  bg_color: '#ffffff',
  secondary_bg_color: '#efeff4',
  section_bg_color: '#ffffff',
  text_color: '#000000',
  hint_color: '#8e8e93',
  link_color: '#007aff',
  button_color: '#007aff',
  button_text_color: '#ffffff',
  accent_text_color: '#007aff',
  destructive_text_color: '#ff3b30',
};

/** Telegram's dark theme, as the Mini App gets it in its launch parameters. */
export const DARK_THEME = {
  bg_color: '#212121',
  secondary_bg_color: '#181818',
  section_bg_color: '#212121',
  text_color: '#ffffff',
  hint_color: '#aaaaaa',
  link_color: '#8774e1',
  button_color: '#8774e1',
  button_text_color: '#ffffff',
  accent_text_color: '#8774e1',
  destructive_text_color: '#ff595a',
};

/**
 * The URL Telegram opens: the page (the control room, or `app.html`: the customers' app), with
 * `query` (e.g. `?bot=2` for an added bot's page) and the launch parameters in its fragment.
 */
export function miniAppLaunchUrl(
  base: string,
  initData: string,
  query = '',
  opts: { page?: string; theme?: Record<string, string> } = {},
): string {
  const fragment = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'tdesktop',
    tgWebAppThemeParams: JSON.stringify(opts.theme ?? LIGHT_THEME),
  });
  return `${base}/miniapp/${opts.page ?? ''}${query}#${fragment.toString()}`;
}

/** A call the page made to Telegram's client (`postEvent`): its name and its parameters. */
export interface TelegramCall {
  type: string;
  data: Record<string, unknown> | undefined;
}

/**
 * Records every call the page makes to Telegram's client, where Telegram's clients receive them
 * (`window.TelegramWebviewProxy.postEvent`); `telegramCalls` reads them back. Before `goto`.
 */
export async function recordTelegramCalls(page: Page): Promise<void> {
  // A string: the test's own code has no DOM types.
  await page.addInitScript(`
    window.__telegramCalls = [];
    window.TelegramWebviewProxy = {
      postEvent(type, data) {
        window.__telegramCalls.push({ type, data: data ? JSON.parse(data) : undefined });
      },
    };
  `);
}

/** The calls of `type` the page made so far, in order. */
export async function telegramCalls(page: Page, type: string): Promise<TelegramCall[]> {
  const calls = (await page.evaluate('window.__telegramCalls')) as TelegramCall[];
  return calls.filter((c) => c.type === type);
}
