/**
 * Calls to the bot's Mini App API (same origin), each with `Authorization: tma <initData>`.
 * Never a cookie, never local storage: the signed initData is the only credential.
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

export function useInitData(raw: string): void {
  initData = raw;
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`/miniapp/api${path}`, {
    method,
    headers: {
      authorization: `tma ${initData}`,
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

/** Fetches a CSV (with the header) and hands it to the browser as a download. */
export async function downloadCsv(table: string, days: number): Promise<void> {
  const res = await fetch(`/miniapp/api/csv/${table}?days=${days}`, {
    headers: { authorization: `tma ${initData}` },
  });
  if (!res.ok) throw new ApiError(res.status, undefined);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `${table}-${days}d.csv`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
