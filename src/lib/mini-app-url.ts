/**
 * The Mini App URL of an added bot's control room: the page with `?bot=<id>`, which the page sends
 * back as X-Bot-Id (miniapp/src/api.ts). Null when the Mini App is off (no page URL). Shared by the
 * composition root (each added bot's own /dashboard) and the main bot's /bots (the operator's way
 * into every room).
 */
export function miniAppUrlOf(pageUrl: string | null, botId: number): string | null {
  if (!pageUrl) return null;
  const url = new URL(pageUrl);
  url.searchParams.set('bot', String(botId));
  return url.href;
}
