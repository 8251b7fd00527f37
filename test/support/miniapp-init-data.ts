/**
 * Telegram's Mini App initData, signed the way Telegram documents it, written out here by hand (not
 * with the library the server checks it with): the data-check string is every field but `hash`,
 * `key=value` sorted by key and joined by newlines; the secret key is HMAC-SHA256 of the bot token
 * under the key "WebAppData"; the hash is HMAC-SHA256 of the data-check string under that secret.
 */
import { createHmac } from 'node:crypto';

export interface InitDataUser {
  id: number;
  first_name: string;
  username?: string;
  language_code?: string;
}

export function signInitData(opts: {
  botToken: string;
  user: InitDataUser;
  /** Seconds since the epoch. */
  authDate: number;
  extra?: Record<string, string>;
}): string {
  const fields: Record<string, string> = {
    auth_date: String(opts.authDate),
    query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
    user: JSON.stringify(opts.user),
    ...opts.extra,
  };
  const dataCheck = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(opts.botToken).digest();
  const hash = createHmac('sha256', secret).update(dataCheck).digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
}

/**
 * initData as a Telegram client hands it to a page: with the third-party `signature` and the chat
 * fields the SDK reading the launch parameters expects (all covered by the hash like any other).
 */
export function clientInitData(opts: { botToken: string; user: InitDataUser; authDate: number }): string {
  return signInitData({
    ...opts,
    extra: {
      signature: 'c2lnbmF0dXJlLW9mLXRlc3Q',
      chat_type: 'sender',
      chat_instance: '-7351922305093871234',
    },
  });
}

/** The same initData with one character of its hash changed. */
export function forge(initData: string): string {
  const params = new URLSearchParams(initData);
  const hash = params.get('hash') ?? '';
  params.set('hash', (hash[0] === 'a' ? 'b' : 'a') + hash.slice(1));
  return params.toString();
}
