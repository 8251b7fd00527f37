/**
 * The Mini App's page and its bundle (built by Vite into dist/miniapp), served under /miniapp/ with
 * a strict Content-Security-Policy: scripts, styles, images and API calls from this origin only, no
 * inline script, and framing only by Telegram's web clients. Files are read once and kept in memory
 * with their gzip; hashed assets are cached for a year, the page itself never (a deploy shows at once).
 */
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type Route, route } from '../router.js';

export const MINIAPP_PREFIX = '/miniapp';

/** dist/miniapp at the project's root, from src/ (tsx) as from dist/ (the Docker image). */
export const MINIAPP_BUILD_DIR = fileURLToPath(new URL('../../../dist/miniapp/', import.meta.url));

export const MINIAPP_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "media-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self' https://web.telegram.org",
].join('; ');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
};

interface Asset {
  type: string;
  body: Buffer;
  gzip: Buffer;
}

export interface MiniAppStaticOptions {
  /** Where the built page is (default dist/miniapp). */
  dir?: string;
}

export function miniAppStaticRoutes(opts: MiniAppStaticOptions = {}): Route[] {
  const dir = opts.dir ?? MINIAPP_BUILD_DIR;
  const cache = new Map<string, Promise<Asset | undefined>>();

  const load = (file: string): Promise<Asset | undefined> => {
    let asset = cache.get(file);
    if (!asset) {
      asset = readFile(join(dir, file)).then(
        (body) => ({ type: TYPES[extname(file)] ?? 'application/octet-stream', body, gzip: gzipSync(body) }),
        () => undefined,
      );
      // A missing file is not remembered: the page may be built after the bot started.
      void asset.then((a) => a ?? cache.delete(file));
      cache.set(file, asset);
    }
    return asset;
  };

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    req.resume();
    const headers: Record<string, string> = {
      'content-security-policy': MINIAPP_CSP,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    };
    let path: string;
    try {
      path = decodeURIComponent((req.url ?? '').split('?')[0] ?? '').slice(MINIAPP_PREFIX.length);
    } catch {
      // A malformed percent-encoding (`%E0%A4%A`) is the client's mistake: 400, not a server error.
      return void res.writeHead(400, headers).end();
    }
    const page = path === '' || path === '/' || path === '/index.html';
    const file = page ? 'index.html' : normalize(path).replace(/^[/\\]+/, '');
    if (file.startsWith('..') || file.split(sep).includes('..')) {
      return void res.writeHead(404, headers).end();
    }
    const asset = await load(file);
    if (!asset) {
      const body = page ? 'The Mini App is not built: run npm ci (or npm run build:miniapp).' : '';
      return void res.writeHead(404, { ...headers, 'content-type': 'text/plain; charset=utf-8' }).end(body);
    }
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    res.writeHead(200, {
      ...headers,
      'content-type': asset.type,
      'cache-control': file.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
      ...(gzip && { 'content-encoding': 'gzip' }),
    });
    res.end(req.method === 'HEAD' ? undefined : gzip ? asset.gzip : asset.body);
  }

  return [
    route('GET', MINIAPP_PREFIX, (req, res) => {
      req.resume();
      // The query stays: it names an added bot's control room (`?bot=<id>`).
      const query = /\?[\w=&%.-]*$/.exec(req.url ?? '')?.[0] ?? '';
      res.writeHead(301, { location: `${MINIAPP_PREFIX}/${query}` }).end();
    }),
    route('GET', `${MINIAPP_PREFIX}/*`, serve),
  ];
}
