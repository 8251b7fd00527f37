/**
 * One endpoint of the Mini App's JSON API (under /miniapp/api). The API router (api.ts) checks the
 * caller (initData, admin) before calling `handle`, and rate-limits the `write` ones per admin.
 */
export interface MiniAppRoute {
  method: 'GET' | 'PUT' | 'POST';
  path: string /* relative to /miniapp/api, with :params */;
  write?: boolean;
  handle(req: {
    adminId: number;
    params: Record<string, string>;
    query: URLSearchParams;
    body: unknown;
  }): Promise<{ status: number; json?: unknown; csv?: { filename: string; text: string } }>;
}
