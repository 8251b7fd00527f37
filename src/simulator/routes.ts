/**
 * The route table and handlers. API routes live under /api/v1 and need `Authorization: Bearer`;
 * result files (`/g/<token>`) and prompt previews are public links on the origin.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { SimError } from './errors.js';
import { bytesResponse, jsonResponse, readJsonObject, type SimResponse, streamResponse } from './http-io.js';
import { makeMp4, makePng } from './media-builders.js';
import { detectFormat } from './media-formats.js';
import { sniffMediaFacts } from './media-sniff.js';
import { parseUsd, usdToNumber } from './money.js';
import { receiveFilePart } from './multipart.js';
import { cancelOrder, createOrder, createQuote } from './ordering.js';
import { PROMPT_DEPOSIT_REQUIRED_USD, promptExists, queryPrompts } from './prompt-library.js';
import type { AccountRecord, SimulatorState } from './state.js';
import { isConvertedFormat } from './uploads.js';

export interface RouteContext {
  req: IncomingMessage;
  url: URL;
  params: string[];
  state: SimulatorState;
  tmpDir: string;
}

type Handler = (ctx: RouteContext, account: AccountRecord) => Promise<SimResponse> | SimResponse;
type PublicHandler = (ctx: RouteContext) => Promise<SimResponse> | SimResponse;

interface Route {
  method: string;
  pattern: RegExp;
  /** API routes get the authenticated account; public ones get none. */
  handler: { auth: true; run: Handler } | { auth: false; run: PublicHandler };
}

const api = (method: string, pattern: RegExp, run: Handler): Route => ({
  method,
  pattern,
  handler: { auth: true, run },
});
const open = (method: string, pattern: RegExp, run: PublicHandler): Route => ({
  method,
  pattern,
  handler: { auth: false, run },
});

/** API paths are relative to /api/v1. */
const API_ROUTES: Route[] = [
  api('GET', /^\/balance$/, getBalance),
  api('GET', /^\/models$/, getModels),
  api('POST', /^\/upload$/, postUpload),
  api('GET', /^\/upload\/status$/, getUploadStatus),
  api('GET', /^\/upload\/preview\/([^/]+)$/, getUploadPreview),
  api('POST', /^\/orders\/quote$/, postQuote),
  api('POST', /^\/orders$/, postOrder),
  api('GET', /^\/orders\/([^/]+)$/, getOrder),
  api('POST', /^\/orders\/([^/]+)\/cancel$/, postCancel),
  api('GET', /^\/prompts$/, getPrompts),
];

const PUBLIC_ROUTES: Route[] = [
  open('GET', /^\/g\/([^/]+)$/, getResultFile),
  open('GET', /^\/prompts\/(\d+)\/preview$/, getPromptPreview),
];

const API_PREFIX = '/api/v1';

/** The path a route, a fault rule and the request log see: relative to /api/v1 for API calls. */
export function routePath(pathname: string): { path: string; isApi: boolean } {
  if (pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`)) {
    return { path: pathname.slice(API_PREFIX.length) || '/', isApi: true };
  }
  return { path: pathname, isApi: false };
}

export function bearerKey(req: IncomingMessage): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return match?.[1];
}

export async function dispatch(ctx: Omit<RouteContext, 'params'>): Promise<SimResponse> {
  const { path, isApi } = routePath(ctx.url.pathname);
  const routes = isApi ? API_ROUTES : PUBLIC_ROUTES;
  const method = ctx.req.method === 'HEAD' ? 'GET' : (ctx.req.method ?? 'GET');
  for (const route of routes) {
    const match = route.pattern.exec(path);
    if (!match || route.method !== method) continue;
    const routeCtx: RouteContext = { ...ctx, params: match.slice(1).map(safeDecode) };
    if (!route.handler.auth) return route.handler.run(routeCtx);
    const key = bearerKey(ctx.req);
    const account = key === undefined ? undefined : ctx.state.accountRecord(key);
    if (!account) throw new SimError('unauthorized', 'API key missing or invalid');
    return route.handler.run(routeCtx, account);
  }
  throw new SimError('not_found', `no route for ${ctx.req.method} ${ctx.url.pathname}`);
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

// ------------------------------------------------------------------ balance, models

function getBalance(ctx: RouteContext, account: AccountRecord): SimResponse {
  return jsonResponse(200, { success: true, balance_usd: ctx.state.getAccount(account.key)!.balance_usd });
}

function getModels(ctx: RouteContext): SimResponse {
  return jsonResponse(200, { success: true, models: ctx.state.wireModels() });
}

// ------------------------------------------------------------------ uploads

async function postUpload(ctx: RouteContext, account: AccountRecord): Promise<SimResponse> {
  const { state } = ctx;
  const file = await receiveFilePart(ctx.req, {
    directory: ctx.tmpDir,
    maxBytes: state.timings.maxUploadBytes,
  });
  try {
    if (file.size === 0) throw new SimError('validation_error', 'the uploaded file is empty');
    const format = detectFormat(file.filename, file.mimeType, file.head);
    if (!format) {
      throw new SimError(
        'invalid_media_type',
        `${file.filename || 'file'} is not an accepted format (JPG, JPEG, PNG, WEBP, GIF, HEIC, HEIF, MP4, MOV, WEBM)`,
      );
    }
    const facts = await sniffMediaFacts(file.filePath, format);
    const now = state.clock.now();
    const uuid = randomUUID();
    const record = {
      uuid,
      tmpPath: `tmp/${uuid}`,
      accountKey: account.key,
      originalName: file.filename || `upload.${format.id}`,
      format,
      size: file.size,
      filePath: file.filePath,
      createdAt: now,
      readyAt: isConvertedFormat(format) ? now + state.timings.heicProcessingMs : now,
      expiresAt: now + state.timings.uploadTtlMs,
      facts,
    };
    state.uploads.add(record);
    return jsonResponse(200, { success: true, upload: state.uploads.view(record, state.baseUrl) });
  } catch (error) {
    await rm(file.filePath, { force: true });
    throw error;
  }
}

function getUploadStatus(ctx: RouteContext, account: AccountRecord): SimResponse {
  const reference = ctx.url.searchParams.get('tmp_path');
  if (!reference) throw new SimError('validation_error', 'query parameter tmp_path is required');
  const record = ctx.state.uploads.owned(account.key, reference);
  return jsonResponse(200, { success: true, upload: ctx.state.uploads.view(record, ctx.state.baseUrl) });
}

/** Only the uploading key sees the file; a converted HEIC/HEIF is served as the PNG it became. */
function getUploadPreview(ctx: RouteContext, account: AccountRecord): SimResponse {
  const uploads = ctx.state.uploads;
  const record = uploads.owned(account.key, ctx.params[0]!);
  if (uploads.stateOf(record) === 'processing') {
    throw new SimError('upload_processing', `temporary upload ${record.tmpPath} is still processing`);
  }
  if (isConvertedFormat(record.format)) {
    const { width = 1024, height = 768 } = record.facts;
    return bytesResponse(makePng(Math.min(width, 8000), Math.min(height, 8000)), 'image/png');
  }
  return streamResponse(createReadStream(record.filePath), record.format.mime, record.size);
}

// ------------------------------------------------------------------ quotes and orders

async function postQuote(ctx: RouteContext, account: AccountRecord): Promise<SimResponse> {
  const json = await readJsonObject(ctx.req);
  return jsonResponse(200, { success: true, quote: createQuote(ctx.state, account, json) });
}

async function postOrder(ctx: RouteContext, account: AccountRecord): Promise<SimResponse> {
  const header = ctx.req.headers['idempotency-key'];
  const idempotencyKey = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!idempotencyKey) {
    throw new SimError('validation_error', 'the Idempotency-Key header is required', { status: 400 });
  }
  const json = await readJsonObject(ctx.req);
  const { order, replayed } = createOrder(ctx.state, account, idempotencyKey, json);
  return jsonResponse(replayed ? 200 : 201, { success: true, order });
}

function getOrder(ctx: RouteContext, account: AccountRecord): SimResponse {
  const order = ctx.state.ownedOrder(account.key, ctx.params[0]!);
  return jsonResponse(200, { success: true, order: ctx.state.view(order) });
}

function postCancel(ctx: RouteContext, account: AccountRecord): SimResponse {
  return jsonResponse(200, { success: true, order: cancelOrder(ctx.state, account, ctx.params[0]!) });
}

// ------------------------------------------------------------------ prompt library

function getPrompts(ctx: RouteContext, account: AccountRecord): SimResponse {
  const required = parseUsd(`${PROMPT_DEPOSIT_REQUIRED_USD}`);
  if (account.deposit < required) {
    throw new SimError(
      'deposit_required',
      `the prompt library needs a total deposit of at least ${PROMPT_DEPOSIT_REQUIRED_USD} USD`,
      {
        details: { required: PROMPT_DEPOSIT_REQUIRED_USD, deposited: usdToNumber(account.deposit) },
      },
    );
  }
  const { baseUrl, origin } = ctx.state;
  return jsonResponse(200, queryPrompts(ctx.url.searchParams, { listUrl: `${baseUrl}/prompts`, origin }));
}

function getPromptPreview(ctx: RouteContext): SimResponse {
  const id = Number(ctx.params[0]);
  if (!promptExists(id)) throw new SimError('not_found', `prompt ${id} not found`);
  return bytesResponse(
    makePng(256, 256, { rgb: [(id * 53) % 256, (id * 97) % 256, (id * 31) % 256] }),
    'image/png',
  );
}

// ------------------------------------------------------------------ result files

let resultImage: Buffer | undefined;
let resultVideo: Buffer | undefined;

/** Public download link of a completed order's file; 404 once it has expired. */
function getResultFile(ctx: RouteContext): SimResponse {
  const file = ctx.state.resultFile(ctx.params[0]!);
  if (!file || ctx.state.clock.now() >= file.expiresAt) {
    throw new SimError('file_not_found', 'result file not found or expired');
  }
  if (file.kind === 'video') {
    resultVideo ??= makeMp4({ durationSeconds: 4, width: 640, height: 640, fps: 24 });
    return bytesResponse(resultVideo, 'video/mp4');
  }
  resultImage ??= makePng(512, 512, { rgb: [230, 120, 40] });
  return bytesResponse(resultImage, 'image/png');
}
