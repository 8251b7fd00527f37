import { InlineKeyboard } from 'grammy';
import { menuData } from '../callback-data/menu.js';
import type { BaseContext } from '../context.js';

/**
 * Main-menu entries in display order. A feature adds its entry here when it exists, so the
 * menu never offers something the bot cannot do.
 */
const MAIN_MENU_ITEMS = [
  { item: 'generate', labelKey: 'menu-generate' },
  { item: 'orders', labelKey: 'menu-orders' },
  { item: 'prompts', labelKey: 'menu-prompts' },
  { item: 'language', labelKey: 'menu-language' },
  { item: 'help', labelKey: 'menu-help' },
] as const;

export function createMainMenuKeyboard(ctx: BaseContext): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const [index, entry] of MAIN_MENU_ITEMS.entries()) {
    keyboard.text(ctx.t(entry.labelKey), menuData.pack({ item: entry.item }));
    // The main action gets a row of its own; the rest go two by two.
    if (index % 2 === 0) keyboard.row();
  }
  return keyboard;
}
