/**
 * Secrets kept at rest (the tokens of added bots): AES-256-GCM under a key derived from the
 * operator's `BOT_TOKENS_SECRET`, so a copied database or backup does not hand out bot tokens.
 * Node's own crypto, no library: the whole format is the few lines below.
 *
 * Sealed form: `v1.<iv>.<tag>.<ciphertext>`, each part base64url. A wrong secret or a changed byte
 * fails GCM's check, which `openSecret` reports as WrongSecretError (never with the value).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
/** Long enough that the secret is a key, not a password someone could guess. */
export const MIN_SECRET_LENGTH = 32;

export class WrongSecretError extends Error {
  constructor() {
    super(
      'the sealed value does not open with this secret (BOT_TOKENS_SECRET changed, or the value was altered)',
    );
    this.name = 'WrongSecretError';
  }
}

export class SecretBox {
  readonly #key: Buffer;

  constructor(secret: string) {
    if (secret.length < MIN_SECRET_LENGTH)
      throw new Error(`the secret must be at least ${MIN_SECRET_LENGTH} characters`);
    this.#key = Buffer.from(hkdfSync('sha256', secret, 'white-label-bot', 'bot-tokens v1', 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== VERSION || iv === undefined || tag === undefined || body === undefined)
      throw new WrongSecretError();
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      throw new WrongSecretError();
    }
  }
}
