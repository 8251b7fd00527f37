/**
 * The Mini Apps as menu buttons (setChatMenuButton with a `web_app`): the customers' app as every
 * chat's default, and the control room as each admin's chat's own, which wins over the default.
 * Telegram refuses an admin chat that never opened the bot; such an admin is reported and gets it
 * with /dashboard later.
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

/** The customers' app as the menu button of every chat that has none of its own (issue 43). */
export async function setCustomerMenuButton(
  api: Pick<Api, 'setChatMenuButton'>,
  opts: { url: string; text: string },
): Promise<void> {
  await api.setChatMenuButton({
    menu_button: { type: 'web_app', text: opts.text, web_app: { url: opts.url } },
  });
}
