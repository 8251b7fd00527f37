import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Routes {
  /** POST/GET /bot<token>/<method> */
  api(
    token: string,
    method: string,
    req: IncomingMessage,
    url: URL,
    signal: AbortSignal,
  ): Promise<ApiResponse>;
  /** GET /file/bot<token>/<file_path> */
  file(token: string, filePath: string, res: ServerResponse): Promise<void>;
}

export interface ApiResponse {
  status: number;
  body: unknown;
}

export interface RunningServer {
  port: number;
  /**
   * An outage until switched off: every connection is dropped ('drop', open long polls too), or
   * every request gets a proxy's 502 page ('bad-gateway': not JSON, as nginx would answer).
   */
  setOutage(on: boolean, mode?: OutageMode): void;
  close(): Promise<void>;
}

export type OutageMode = 'drop' | 'bad-gateway';

const API_PATH = /^\/bot([^/]+)\/([^/]*)$/;
const FILE_PATH = /^\/file\/bot([^/]+)\/(.+)$/;

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.destroyed || res.headersSent) return;
  const data = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) });
  res.end(data);
}

/** Plain node:http on 127.0.0.1: the bot reaches it through grammY's `client.apiRoot`. */
export async function startHttpServer(port: number, routes: Routes): Promise<RunningServer> {
  let outage: OutageMode | undefined;
  const server: Server = createServer((req, res) => {
    if (outage === 'drop') {
      req.socket.destroy();
      return;
    }
    if (outage === 'bad-gateway') {
      req.resume();
      res.writeHead(502, { 'content-type': 'text/html' }).end('<html><h1>502 Bad Gateway</h1></html>');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const controller = new AbortController();
    // Long polls must notice a bot that went away (bot.stop() aborts its pending getUpdates).
    res.on('close', () => {
      if (!res.writableFinished) controller.abort();
    });
    const api = API_PATH.exec(url.pathname);
    const file = FILE_PATH.exec(url.pathname);
    if (api) {
      routes
        .api(decodeURIComponent(api[1]!), api[2]!, req, url, controller.signal)
        .then((r) => sendJson(res, r.status, r.body))
        .catch((err: unknown) =>
          sendJson(res, 500, { ok: false, error_code: 500, description: String(err) }),
        );
    } else if (file && req.method === 'GET') {
      routes.file(decodeURIComponent(file[1]!), decodeURIComponent(file[2]!), res).catch(() => res.destroy());
    } else {
      req.resume();
      sendJson(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
    }
  });
  // Never close an idle keep-alive socket first: grammY reuses them, and a server-side close racing
  // a new request surfaces as a spurious "socket hang up" in the bot. Long polls and big uploads
  // must not hit a request timeout either.
  server.keepAliveTimeout = 10 * 60_000;
  server.requestTimeout = 0;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    setOutage(on, mode = 'drop') {
      outage = on ? mode : undefined;
      if (on) server.closeAllConnections();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
