/**
 * What Telegram hands the page (through @tma.js/sdk, bundled: nothing is loaded from telegram.org):
 * the signed initData the API wants on every call, the user's language, and the theme's colours,
 * which become CSS variables so the page looks like the rest of the admin's Telegram.
 */
import { postEvent, retrieveLaunchParams, retrieveRawInitData } from '@tma.js/sdk';

export interface Launch {
  initData: string;
  languageCode: string | undefined;
  platform: string | undefined;
}

const THEME_VARS: Record<string, string> = {
  bg_color: '--bg',
  text_color: '--text',
  hint_color: '--hint',
  link_color: '--link',
  button_color: '--button',
  button_text_color: '--button-text',
  secondary_bg_color: '--bg2',
  section_bg_color: '--section',
  accent_text_color: '--accent',
  destructive_text_color: '--destructive',
  section_separator_color: '--separator',
};

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Undefined when the page was not opened by Telegram (no initData at all). */
export function readLaunch(): Launch | undefined {
  let initData: string | undefined;
  try {
    initData = retrieveRawInitData();
  } catch {
    initData = undefined;
  }
  if (!initData) return undefined;
  let languageCode: string | undefined;
  let platform: string | undefined;
  try {
    const lp = retrieveLaunchParams() as Record<string, unknown>;
    platform = typeof lp['tgWebAppPlatform'] === 'string' ? lp['tgWebAppPlatform'] : undefined;
    applyTheme((lp['tgWebAppThemeParams'] ?? {}) as Record<string, unknown>);
  } catch {
    // Launch parameters Telegram added later than this SDK knows: the page keeps its own colours.
  }
  try {
    const user = JSON.parse(new URLSearchParams(initData).get('user') ?? '{}') as { language_code?: unknown };
    languageCode = typeof user.language_code === 'string' ? user.language_code : undefined;
  } catch {
    languageCode = undefined;
  }
  return { initData, languageCode, platform };
}

function applyTheme(params: Record<string, unknown>): void {
  const style = document.documentElement.style;
  for (const [key, value] of Object.entries(params)) {
    const cssVar = THEME_VARS[snake(key)];
    if (cssVar && typeof value === 'string' && /^#[0-9a-f]{3,8}$/i.test(value))
      style.setProperty(cssVar, value);
  }
}

/** Tells Telegram the page is drawn (it hides its placeholder) and may fill the screen. */
export function ready(): void {
  try {
    postEvent('web_app_ready');
    postEvent('web_app_expand');
  } catch {
    // Outside Telegram (a test opening the page directly): nothing to tell.
  }
}

/** The colour of a CSS variable, for the charts. */
export function cssColor(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}
