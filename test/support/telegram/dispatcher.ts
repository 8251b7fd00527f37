import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { ApiError } from './api-error.js';
import type { Core } from './core.js';
import { readRequestBody, type Upload } from './http/request-body.js';
import { type ApiResponse, sendJson } from './http/server.js';
import { chatIdParam } from './methods/common.js';
import { lookupMethod } from './methods/index.js';
import { isRecord, normalizeParams, type Params } from './params.js';

export interface RecordedCall {
  method: string;
  /** JSON-decoded parameters; uploaded files replaced by `{ upload, filename, size }` descriptors. */
  params: Params;
  ok: boolean;
  errorCode?: number;
  description?: string;
  /** Sequence number (emu.seq()) of the call's completion: orders calls against chat events. */
  at: number;
  result?: unknown;
}

export interface InjectedError {
  error_code: number;
  description: string;
  retry_after?: number;
}

export interface UploadDescriptor {
  upload: string;
  filename: string | undefined;
  size: number;
}

/** Runs Bot API calls: auth, body parsing, injected failures, the method, and the call/problem log. */
export class Dispatcher {
  readonly calls: RecordedCall[] = [];
  private readonly injected = new Map<string, InjectedError[]>();
  /** Sees every call that got past auth, injected errors and flood limits, before it runs. */
  observer: ((method: string, params: Params) => void) | undefined;

  /**
   * `problems` is shared by every bot of one emulator (a test checks one list); `label` names the
   * bot in its lines when there are several ('@shop_bot: ').
   */
  constructor(
    private readonly core: Core,
    readonly problems: string[] = [],
    private readonly label = '',
  ) {}

  inject(method: string, error: InjectedError, times: number): void {
    const key = method.toLowerCase();
    const queue = this.injected.get(key) ?? [];
    for (let i = 0; i < times; i++) queue.push(error);
    this.injected.set(key, queue);
  }

  async api(
    token: string,
    rawMethod: string,
    req: IncomingMessage,
    url: URL,
    signal: AbortSignal,
  ): Promise<ApiResponse> {
    const method = lookupMethod(rawMethod)?.name ?? rawMethod;
    if (token !== this.core.token) {
      // Another bot (a test's process outliving its own emulator on a reused port): refused, and
      // neither a call of this emulator's bot nor a problem of it.
      req.resume();
      return { status: 401, body: { ok: false, error_code: 401, description: 'Unauthorized' } };
    }
    let params: Params = {};
    let uploads = new Map<string, Upload>();
    try {
      const body = await readRequestBody(req, url, {
        uploadLimitBytes: this.core.uploadLimitBytes,
        uploadDir: this.core.localDir ? `${this.core.localDir}/uploads` : undefined,
      });
      params = normalizeParams(body.fields);
      uploads = body.uploads;
    } catch (err) {
      // A bot that gave up on its own request (timeout, shutdown) is not a strictness violation.
      const gaveUp = signal.aborted && err instanceof ApiError && err.code === 400;
      return this.finish(
        method,
        params,
        gaveUp ? new ApiError(400, err.description, { problem: false }) : err,
      );
    }
    const recorded = describeUploads(params, uploads);
    const found = lookupMethod(rawMethod);
    if (!found) return this.finish(method, recorded, new ApiError(404, 'Not Found'));
    const injected = this.injected.get(method.toLowerCase())?.shift();
    const chatId = chatIdParam(params);
    if (injected) {
      if (injected.error_code === 429) this.core.flood?.noteInjected(chatId, injected.retry_after ?? 1);
      return this.finish(method, recorded, injectedError(injected));
    }
    try {
      this.core.flood?.admit(method, chatId);
    } catch (err) {
      return this.finish(method, recorded, err);
    }
    this.observer?.(method, params);
    try {
      const result = await found.handler(this.core, { params, uploads, signal });
      return this.finish(method, recorded, undefined, result);
    } catch (err) {
      return this.finish(method, recorded, err);
    }
  }

  async file(token: string, filePath: string, res: ServerResponse): Promise<void> {
    if (token !== this.core.token) {
      this.problems.push(`${this.label}file download: wrong bot token in /file/bot<token>/${filePath}`);
      return sendJson(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
    }
    const file = this.core.files.byPath(filePath);
    if (!file) {
      this.problems.push(`${this.label}file download: unknown file_path ${filePath}`);
      return sendJson(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
    }
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': file.size });
    await pipeline(this.core.files.stream(file), res);
  }

  private finish(method: string, params: Params, err: unknown, result?: unknown): ApiResponse {
    const at = this.core.clock.next();
    if (err === undefined) {
      this.calls.push({ method, params, ok: true, at, result });
      return { status: 200, body: { ok: true, result } };
    }
    const error =
      err instanceof ApiError
        ? err
        : new ApiError(500, `Internal Server Error: emulator bug: ${String(err)}`);
    this.calls.push({ method, params, ok: false, errorCode: error.code, description: error.description, at });
    if (error.problem) this.problems.push(`${this.label}${method}: ${error.description}${excerpt(params)}`);
    return {
      status: error.code,
      body: {
        ok: false,
        error_code: error.code,
        description: error.description,
        ...(error.parameters ? { parameters: error.parameters } : {}),
      },
    };
  }
}

function injectedError(e: InjectedError): ApiError {
  const parameters = e.retry_after !== undefined ? { retry_after: e.retry_after } : undefined;
  return new ApiError(e.error_code, e.description, { problem: false, ...(parameters ? { parameters } : {}) });
}

/** Recorded params show uploads as descriptors instead of attach:// strings (and direct file parts by field). */
function describeUploads(params: Params, uploads: Map<string, Upload>): Params {
  const describe = (u: Upload): UploadDescriptor => ({ upload: u.field, filename: u.filename, size: u.size });
  const referenced = new Set<string>();
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string' && v.startsWith('attach://')) {
      const u = uploads.get(v.slice('attach://'.length));
      if (!u) return v;
      referenced.add(u.field);
      return describe(u);
    }
    if (Array.isArray(v)) return v.map(walk);
    if (isRecord(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  const out = walk(params) as Params;
  for (const [field, upload] of uploads) {
    if (!referenced.has(field) && !(field in out)) out[field] = describe(upload);
  }
  return out;
}

/** A hint of what the bot tried to send, so a problem line is actionable on its own. */
function excerpt(params: Params): string {
  const text = params['text'] ?? params['caption'];
  if (typeof text !== 'string') return '';
  return ` (${params['text'] !== undefined ? 'text' : 'caption'}: ${JSON.stringify(text.length > 120 ? `${text.slice(0, 120)}…` : text)})`;
}
