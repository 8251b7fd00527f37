import { createCallbackData } from 'callback-data';

/** A main-menu entry: `menu:<item>`. */
export const menuData = createCallbackData('menu', { item: String });
