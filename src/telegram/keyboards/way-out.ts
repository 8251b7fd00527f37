/**
 * The buttons of a screen that ends a flow early (an outage, a closed order, a vanished model), so
 * the customer always has something to press instead of a command to type.
 */
import { InlineKeyboard } from 'grammy';
import { menuData } from '../callback-data/menu.js';
import type { Texts } from '../i18n.js';
import { mainMenuButton } from './main-menu.js';

/** [🔄 Try again] pressing the same button once more (its data), then 🏠 Main menu. */
export function retryKeyboard(ctx: Texts, retryData: string): InlineKeyboard {
  return mainMenuButton(ctx, new InlineKeyboard().text(ctx.t('button-retry'), retryData));
}

/** [🎨 Create] (the menu's entry: the model list), then 🏠 Main menu: a fresh start. */
export function newOrderKeyboard(ctx: Texts): InlineKeyboard {
  return mainMenuButton(
    ctx,
    new InlineKeyboard().text(ctx.t('menu-generate'), menuData.pack({ item: 'generate' })),
  );
}
