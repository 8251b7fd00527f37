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

/**
 * The customers' app (issue 43): the same build's second page, `app.html` beside the control room,
 * with the control room URL's query (an added bot's `?bot=<id>`); null when the Mini Apps are off.
 */
export function customerAppUrlOf(controlRoomUrl: string | null): string | null {
  if (!controlRoomUrl) return null;
  const url = new URL(controlRoomUrl);
  url.pathname = `${url.pathname.replace(/\/?$/, '/')}app.html`;
  return url.href;
}

/** The customers' app opened on one result (`?open=<order id>`): the button under a delivered result. */
export function resultInAppUrl(controlRoomUrl: string | null, orderId: string): string | null {
  const appUrl = customerAppUrlOf(controlRoomUrl);
  if (!appUrl) return null;
  const url = new URL(appUrl);
  url.searchParams.set('open', orderId);
  return url.href;
}
