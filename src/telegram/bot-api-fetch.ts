/**
 * The `fetch` the bot gives grammY for its Bot API calls: a JSON call (every call but a file
 * upload) goes through undici's `request` on a keep-alive pool, which skips node-fetch's
 * WHATWG-shaped Request, Headers, body stream and pipe. Sending a message is most of what the bot
 * does per update apart from its handlers, and under load node-fetch's share of it was about a
 * third (bench/inbox-throughput.ts, CPU profile of the bot). A call with files (multipart, a
 * stream body) goes through `fallback`, grammY's own default (node-fetch).
 *
 * The answer is what grammY reads of a fetch response: `json()`, and `text()`, `ok`, `status`.
 */
import { Agent, type Dispatcher, request } from 'undici';

/** What undici accepts as a signal: grammY's own AbortController on Node is a polyfill. */
type UndiciSignal = NonNullable<Parameters<typeof request>[1]>['signal'];

function responseOf(status: number, body: string): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    text: async () => body,
    json: async () => JSON.parse(body) as unknown,
  } as Response;
}

/** grammY passes a plain object; anything else is read through Headers. */
function plainHeaders(headers: RequestInit['headers']): Record<string, string> | undefined {
  if (headers === undefined) return undefined;
  if (Array.isArray(headers) || headers instanceof Headers) return Object.fromEntries(new Headers(headers));
  return headers as Record<string, string>;
}

export function botApiFetch(
  fallback: typeof fetch,
  dispatcher: Dispatcher = new Agent({ keepAliveTimeout: 30_000 }),
): typeof fetch {
  return async (input, init) => {
    const body = init?.body;
    if (typeof input !== 'string' || (body !== undefined && body !== null && typeof body !== 'string'))
      return fallback(input, init);
    const res = await request(input, {
      dispatcher,
      method: (init?.method ?? 'GET') as Dispatcher.HttpMethod,
      headers: plainHeaders(init?.headers),
      body: body ?? null,
      signal: (init?.signal ?? undefined) as UndiciSignal,
    });
    return responseOf(res.statusCode, await res.body.text());
  };
}
