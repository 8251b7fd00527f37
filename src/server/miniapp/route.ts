/** One endpoint of the Mini App's API, mounted under /miniapp/api after the initData check. */
export interface MiniAppRoute {
  method: 'GET' | 'PUT' | 'POST';
  /** Relative to /miniapp/api, with :params. */
  path: string;
  /** Writes are rate-limited per admin. */
  write?: boolean;
  handle(req: {
    adminId: number;
    params: Record<string, string>;
    query: URLSearchParams;
    body: unknown;
  }): Promise<{ status: number; json?: unknown; csv?: { filename: string; text: string } }>;
}
