/**
 * The admin Mini App as the menu button of each admin's chat with the bot (setChatMenuButton with a
 * `web_app`). Customers keep the default button: only admin chats are changed. Telegram refuses a
 * chat that never opened the bot; such an admin is reported and gets it with /dashboard later.
 */
import type { Api } from 'grammy';

export async function setAdminMenuButtons(
  api: Pick<Api, 'setChatMenuButton'>,
  opts: { url: string; text: string; adminIds: readonly number[] },
): Promise<{ failed: Array<{ adminId: number; error: unknown }> }> {
  const failed: Array<{ adminId: number; error: unknown }> = [];
  for (const adminId of opts.adminIds) {
    try {
      await api.setChatMenuButton({
        chat_id: adminId,
        menu_button: { type: 'web_app', text: opts.text, web_app: { url: opts.url } },
      });
    } catch (error) {
      failed.push({ adminId, error });
    }
  }
  return { failed };
}
