import { InlineKeyboard } from 'grammy';
import { menuData } from '../callback-data/menu.js';
import type { Texts } from '../i18n.js';
import { stars } from '../texts/money.js';

/**
 * Main-menu entries in display order. A feature adds its entry here when it exists, so the
 * menu never offers something the bot cannot do.
 */
const MAIN_MENU_ITEMS = [
  { item: 'generate', labelKey: 'menu-generate' },
  { item: 'orders', labelKey: 'menu-orders' },
  { item: 'prompts', labelKey: 'menu-prompts' },
  { item: 'wallet', labelKey: 'menu-wallet' },
  { item: 'language', labelKey: 'menu-language' },
  { item: 'help', labelKey: 'menu-help' },
] as const;

/**
 * The main menu. `walletBalance` is the customer's balance with Stars billing: the Wallet entry
 * shows it; without it (billing off) there is no Wallet entry.
 */
export function createMainMenuKeyboard(ctx: Texts, walletBalance?: number): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  const items = MAIN_MENU_ITEMS.filter((entry) => entry.item !== 'wallet' || walletBalance !== undefined);
  for (const [index, entry] of items.entries()) {
    const label =
      entry.item === 'wallet'
        ? ctx.t(entry.labelKey, { balance: stars(ctx, walletBalance ?? 0) })
        : ctx.t(entry.labelKey);
    keyboard.text(label, menuData.pack({ item: entry.item }));
    // The main action gets a row of its own; the rest go two by two.
    if (index % 2 === 0) keyboard.row();
  }
  return keyboard;
}

/** "🏠 Main menu" on a row of its own, below what `keyboard` already holds. */
export function mainMenuButton(ctx: Texts, keyboard = new InlineKeyboard()): InlineKeyboard {
  if ((keyboard.inline_keyboard.at(-1)?.length ?? 0) > 0) keyboard.row();
  return keyboard.text(ctx.t('button-main-menu'), menuData.pack({ item: 'home' }));
}
