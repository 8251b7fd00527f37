/**
 * A tiny HTTP server for client unit tests: each request is answered by the next scripted step (the
 * last step repeats), and every request is recorded with its headers and raw body.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export type Step = (req: IncomingMessage, res: ServerResponse, seen: SeenRequest) => void;

export interface ScriptedServer {
  baseUrl: string;
  seen: SeenRequest[];
  script(...steps: Step[]): void;
  close(): Promise<void>;
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Step {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
}

export function text(status: number, body: string, contentType = 'text/html'): Step {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': contentType });
    res.end(body);
  };
}

export function envelope(
  status: number,
  code: string,
  extra: Record<string, unknown> = {},
  headers = {},
): Step {
  const { order, ...errorExtra } = extra;
  return json(
    status,
    {
      success: false,
      error: { code, message: `${code} happened`, ...errorExtra },
      ...(order ? { order } : {}),
    },
    headers,
  );
}

/** Reads the request, then kills the connection without answering (a lost response). */
export const drop: Step = (req) => {
  req.socket.destroy();
};

/** Never answers (until the server closes). */
export const hang: Step = () => {};

export async function startScriptedServer(): Promise<ScriptedServer> {
  const seen: SeenRequest[] = [];
  let steps: Step[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      seen.push(entry);
      const step = steps.length > 1 ? steps.shift() : steps[0];
      (step ?? json(500, { oops: true }))(req, res, entry);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    seen,
    script: (...s) => {
      steps = s;
      seen.length = 0;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export const sampleOrder = (over: Record<string, unknown> = {}) => ({
  id: 'ord_1',
  model_id: 7,
  status: 'queued',
  cost_usd: '0.11',
  result: [],
  expires_at: null,
  error: null,
  ...over,
});

export const sampleUpload = (over: Record<string, unknown> = {}) => ({
  tmp_path: 'tmp/0f8fad5b-d9cb-469f-a165-70867728950e',
  status: 'ready',
  url: 'http://x/preview',
  original_name: 'a.png',
  mime_type: 'image/png',
  size: 3,
  error: null,
  ...over,
});
