import { buttonFamily, field } from './codec.js';

/** Main menu entries and the "back to menu" buttons: `menu:<item>`. */
export const menuData = buttonFamily('menu', {
  item: field.oneOf(['home', 'generate', 'orders', 'prompts', 'wallet', 'language', 'help'] as const),
});
