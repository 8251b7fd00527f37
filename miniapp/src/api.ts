/**
 * Calls to the bot's Mini App API (same origin), each with `Authorization: tma <initData>` and,
 * in an added bot's control room (`?bot=<id>` in the page's URL), `X-Bot-Id: <id>`: the server
 * checks the initData with that bot's token. Never a cookie, never local storage: the signed
 * initData is the only credential.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`API answered ${status}`);
  }
}

let initData = '';
let botId: string | undefined;
let base = '/miniapp/api';

/**
 * The initData, the bot whose page this is (undefined: the main bot) and the API the page calls:
 * the control room's (/miniapp/api) or the customers' app's (/miniapp/me).
 */
export function useInitData(raw: string, bot?: string | null, api = '/miniapp/api'): void {
  initData = raw;
  botId = bot && /^\d{1,16}$/.test(bot) ? bot : undefined;
  base = api;
}

const authHeaders = (): Record<string, string> => ({
  authorization: `tma ${initData}`,
  ...(botId && { 'x-bot-id': botId }),
});

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...authHeaders(),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!res.ok) throw new ApiError(res.status, json);
  return json as T;
}

export const getJson = <T>(path: string) => call<T>('GET', path);
export const putJson = <T>(path: string, body: unknown) => call<T>('PUT', path, body);
export const postJson = <T>(path: string, body: unknown) => call<T>('POST', path, body);

/** Fetches a CSV (with the header) and hands it to the browser as a download. */
export async function downloadCsv(table: string, days: number): Promise<void> {
  const res = await fetch(`${base}/csv/${table}?days=${days}`, {
    headers: authHeaders(),
  });
  if (!res.ok) throw new ApiError(res.status, undefined);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `${table}-${days}d.csv`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
