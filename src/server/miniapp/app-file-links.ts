/**
 * Signed links to a customer's result files (issue 43). An `<img>`, Telegram's downloadFile and
 * shareToStory fetch a URL without our Authorization header, so the URL carries its own proof:
 * HMAC-SHA256 over (bot id, user id, order id, file index, variant, expiry) under a key derived
 * from the bot's token with a label of its own (HKDF: the token itself is in no URL, and no other
 * use of it shares this key). Valid about an hour; the expiry is rounded up to the next ten minutes,
 * so the page gets the same URLs for a while and the client's cache works. Compared in constant time.
 *
 *   GET /miniapp/files/<bot id>/<user id>/<order id>/<index>/<thumb|full>?exp=<unix s>&sig=<hex>
 *
 * The route checks the link, then that the order is that user's delivered result (the bot's
 * `open`), and answers the bytes. A tampered, expired or another user's link is 403, nothing more.
 *
 * A model's example (a result its owner allowed the app to show, or an admin's upload) has links of
 * its own, signed the same way for the customer (or admin) who views it, with a label of their own
 * in the signed message, so no example link opens a result or the other way round:
 *
 *   GET /miniapp/files/<bot id>/<user id>/x/<example id>/<thumb|full>?exp=<unix s>&sig=<hex>
 *
 * The bot's `openExample` serves an example only while it is shown, or to the bot's admins.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ExpiringSignature } from '../../lib/expiring-signature.js';
import type { Logger } from '../../logger.js';
import type { FileVariant } from '../../services/app/gallery.js';
import { type Route, route, send } from '../router.js';
import { type CustomerAnswer, sendCustomerAnswer } from './customer-api.js';

export const APP_FILES_PREFIX = '/miniapp/files';
const KEY_LABEL = 'customer-app file links v1';
/** What an example link's signed message starts with (a result's starts with the bot id). */
const EXAMPLE_LABEL = 'example';
const LIFETIME_SECONDS = 60 * 60;
const ROUND_SECONDS = 10 * 60;

export interface FileRef {
  userId: number;
  orderId: string;
  index: number;
  variant: FileVariant;
}

/** A model's example, as the user `userId` views it (issue 43). */
export interface ExampleRef {
  userId: number;
  exampleId: string;
  variant: FileVariant;
}

/** One bot's signer of its customers' file links. */
export class FileLinks {
  readonly #signature: ExpiringSignature;

  constructor(
    botToken: string,
    readonly botId: number,
    now: () => number = Date.now,
  ) {
    this.#signature = new ExpiringSignature(botToken, KEY_LABEL, now);
  }

  #parts = (ref: FileRef) => [this.botId, ref.userId, ref.orderId, ref.index, ref.variant];
  #exampleParts = (ref: ExampleRef) => [EXAMPLE_LABEL, this.botId, ref.userId, ref.exampleId, ref.variant];

  /** A same-origin path to the file, valid for about an hour from now. */
  url(ref: FileRef): string {
    const exp = this.#signature.expiryIn(LIFETIME_SECONDS, ROUND_SECONDS);
    const sig = this.#signature.sign(this.#parts(ref), exp);
    const path = [this.botId, ref.userId, encodeURIComponent(ref.orderId), ref.index, ref.variant].join('/');
    return `${APP_FILES_PREFIX}/${path}?exp=${exp}&sig=${sig}`;
  }

  /** A same-origin path to a model's example as `ref.userId` views it, valid for about an hour. */
  exampleUrl(ref: ExampleRef): string {
    const exp = this.#signature.expiryIn(LIFETIME_SECONDS, ROUND_SECONDS);
    const sig = this.#signature.sign(this.#exampleParts(ref), exp);
    const path = [this.botId, ref.userId, 'x', encodeURIComponent(ref.exampleId), ref.variant].join('/');
    return `${APP_FILES_PREFIX}/${path}?exp=${exp}&sig=${sig}`;
  }

  /** True for a link this bot signed for exactly this file, not yet expired. */
  verify(ref: FileRef, exp: number, sig: string): boolean {
    return this.#signature.verify(this.#parts(ref), exp, sig);
  }

  /** True for a link this bot signed for exactly this example and viewer, not yet expired. */
  verifyExample(ref: ExampleRef, exp: number, sig: string): boolean {
    return this.#signature.verify(this.#exampleParts(ref), exp, sig);
  }
}

/** One bot's side of the route: its signer and its way to a customer's file. */
export interface FileSource {
  links: FileLinks;
  /** The customer may still use the bot (not banned, on the allowlist if there is one). */
  mayUse(userId: number): Promise<boolean>;
  /** The bytes of that customer's delivered result file, or undefined (not theirs, or gone). */
  open(ref: FileRef): Promise<NonNullable<CustomerAnswer['file']> | undefined>;
  /** The bytes of a model's example for this viewer (shown, or they are an admin), or undefined. */
  openExample?(ref: ExampleRef): Promise<NonNullable<CustomerAnswer['file']> | undefined>;
}

const PATH = /^\/miniapp\/files\/(\d{1,16})\/(\d{1,16})\/([A-Za-z0-9-]{1,64})\/(\d{1,3})\/(thumb|full)$/;
const EXAMPLE_PATH = /^\/miniapp\/files\/(\d{1,16})\/(\d{1,16})\/x\/([A-Za-z0-9-]{1,64})\/(thumb|full)$/;

export function appFileRoutes(opts: {
  sourceOf(botId: number): FileSource | undefined;
  logger: Logger;
}): Route[] {
  const log = opts.logger.child({ component: 'app-files' });
  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    req.resume();
    const url = new URL(req.url ?? '/', 'http://localhost');
    const example = EXAMPLE_PATH.exec(url.pathname);
    if (example) return serveExample(example, url, res);
    const match = PATH.exec(url.pathname);
    const source = match ? opts.sourceOf(Number(match[1])) : undefined;
    if (!match || !source) return send(res, 403);
    const ref: FileRef = {
      userId: Number(match[2]),
      orderId: match[3]!,
      index: Number(match[4]),
      variant: match[5] as FileVariant,
    };
    const exp = Number(url.searchParams.get('exp'));
    if (!source.links.verify(ref, exp, url.searchParams.get('sig') ?? '')) return send(res, 403);
    if (!(await source.mayUse(ref.userId))) return send(res, 403);
    const file = await source.open(ref);
    // Signed, but no longer theirs or no longer there (the order was removed, Telegram lost the file).
    if (!file) return send(res, 404);
    // A preview is shown in the page; only the full file is saved as an attachment.
    const { fileName, ...shown } = file;
    sendCustomerAnswer(res, { status: 200, file: ref.variant === 'full' && fileName ? file : shown });
  }
  async function serveExample(match: RegExpExecArray, url: URL, res: ServerResponse): Promise<void> {
    const source = opts.sourceOf(Number(match[1]));
    if (!source) return send(res, 403);
    const ref: ExampleRef = {
      userId: Number(match[2]),
      exampleId: match[3]!,
      variant: match[4] as FileVariant,
    };
    const exp = Number(url.searchParams.get('exp'));
    if (!source.links.verifyExample(ref, exp, url.searchParams.get('sig') ?? '')) return send(res, 403);
    if (!(await source.mayUse(ref.userId))) return send(res, 403);
    // Signed, but no longer shown (its owner stopped it, an admin removed it) or no longer there.
    const file = await source.openExample?.(ref);
    if (!file) return send(res, 404);
    const { fileName, ...shown } = file;
    sendCustomerAnswer(res, { status: 200, file: shown });
  }
  const handle = (req: IncomingMessage, res: ServerResponse) =>
    serve(req, res).catch((err: unknown) => {
      // Never the URL: it is a credential for an hour.
      log.error({ err: err instanceof Error ? err.message : 'unknown' }, 'result file request failed');
      send(res, 500);
    });
  return [route('GET', `${APP_FILES_PREFIX}/*`, handle)];
}
