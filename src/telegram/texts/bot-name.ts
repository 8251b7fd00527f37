/** How texts name one of the deployment's bots: "@shop_bot", or "#2" before Telegram told us its name. */
export function botName(bot: { id: number; username: string | null }): string {
  return bot.username ? `@${bot.username}` : `#${bot.id}`;
}
