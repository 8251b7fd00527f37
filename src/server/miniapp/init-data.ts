/**
 * The check of a Mini App's `initData` (what Telegram hands the page, sent back by it as
 * `Authorization: tma <initData>`): the signature, HMAC-SHA256 under the bot token's `WebAppData`
 * key (checked by @tma.js/init-data-node), then its age against our own clock (the library's expiry
 * reads the wall clock, so it is switched off and done here), then who the user is.
 */
import { validate } from '@tma.js/init-data-node';

export type InitDataVerdict =
  | { kind: 'admin'; userId: number; languageCode: string | undefined }
  /** Forged, stale, malformed or without a user: 401. */
  | { kind: 'invalid' }
  /** Signed by Telegram for someone who is not an admin: 403. */
  | { kind: 'not_admin' };

export interface InitDataCheck {
  botToken: string;
  adminIds: readonly number[];
  /** MINIAPP_AUTH_MAX_AGE in seconds. */
  maxAgeSeconds: number;
  now: () => number;
}

/** Clock skew allowed for an `auth_date` slightly in the future (a replica's clock running behind). */
const FUTURE_SKEW_SECONDS = 60;

/** The signature's key and age limit alone: who may open the customers' app (any user of the bot). */
export type SignedUserCheck = Omit<InitDataCheck, 'adminIds'>;

export type SignedUserVerdict =
  | { kind: 'user'; userId: number; languageCode: string | undefined }
  /** Forged, stale, malformed or without a user. */
  | { kind: 'invalid' };

/** Whom Telegram signed `raw` for, fresh: any user of the bot (the customers' app, issue 43). */
export function checkSignedUser(raw: string, check: SignedUserCheck): SignedUserVerdict {
  let user: { id?: unknown; language_code?: unknown };
  let authSeconds: number;
  try {
    validate(raw, check.botToken, { expiresIn: 0 });
    // Read by hand once signed: the library's parser also demands fields we do not use (signature).
    const params = new URLSearchParams(raw);
    authSeconds = Number(params.get('auth_date'));
    user = JSON.parse(params.get('user') ?? 'null') ?? {};
  } catch {
    return { kind: 'invalid' };
  }
  const userId = user.id;
  const languageCode = typeof user.language_code === 'string' ? user.language_code : undefined;
  const nowSeconds = Math.floor(check.now() / 1000);
  if (!Number.isSafeInteger(authSeconds) || typeof userId !== 'number' || !Number.isSafeInteger(userId)) {
    return { kind: 'invalid' };
  }
  if (nowSeconds - authSeconds > check.maxAgeSeconds) return { kind: 'invalid' };
  if (authSeconds - nowSeconds > FUTURE_SKEW_SECONDS) return { kind: 'invalid' };
  return { kind: 'user', userId, languageCode };
}

/** Whom Telegram signed `raw` for, and whether they are one of the bot's admins (the control room). */
export function checkInitData(raw: string, check: InitDataCheck): InitDataVerdict {
  const signed = checkSignedUser(raw, check);
  if (signed.kind === 'invalid') return signed;
  if (!check.adminIds.includes(signed.userId)) return { kind: 'not_admin' };
  return { kind: 'admin', userId: signed.userId, languageCode: signed.languageCode };
}

/** The initData of an `Authorization: tma <initData>` header, or undefined. */
export function initDataOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const m = /^tma (.+)$/.exec(header);
  return m?.[1];
}
