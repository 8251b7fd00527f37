/**
 * An added bot's own upstream API key (issue 40). By default every bot orders with the
 * deployment's RESELLER_API_KEY (the operator pays upstream and charges sub-resellers through the
 * cap and their Stars); an added bot's admin may give it a key of its own (/upstream_key), and from
 * then on its orders, catalog, polling and /balance use that account.
 *
 * The key is checked against the upstream first (GET /balance): a key it refuses, or an upstream
 * that does not answer, stores nothing. It is kept sealed with BOT_TOKENS_SECRET, the way the
 * bot's token is (lib/secret-box.ts), so without that secret nothing can be stored.
 *
 * Orders in flight: an upstream order belongs to the account that took it (only that key can poll
 * it, and a `submitting` row must be sent again with the same key to the same account), so the key
 * changes only while the bot has none; otherwise the admin is told to wait. Once stored, the
 * process serving the bot is told (`changed`): it serves the bot again with the new key at once,
 * and every other replica follows when it next reads the registry (within seconds).
 *
 * The key is never logged, echoed or put in an error: outcomes are kinds, nothing more.
 */
import type { BotsRepository } from '../db/index.js';
import { MAIN_BOT_ID } from '../db/index.js';
import { SecretBox } from '../lib/secret-box.js';

/** What the upstream said of a key: it takes it, refuses it (401/403), or could not be asked. */
export type KeyVerdict = 'accepted' | 'refused' | 'unreachable';

export type UpstreamKeyOutcome =
  | { kind: 'set' | 'cleared' | 'already_shared' }
  /** Not a key (empty, spaces inside, far too short or long). */
  | { kind: 'malformed' }
  /** The main bot's key is RESELLER_API_KEY, set in the environment. */
  | { kind: 'main' }
  /** BOT_TOKENS_SECRET is not set: nothing can be sealed. */
  | { kind: 'no_secret' }
  /** Orders of the current account are still running: try again once they are done. */
  | { kind: 'in_flight'; orders: number }
  | { kind: 'refused' | 'unreachable' };

export interface UpstreamKeyDeps {
  botId: number;
  bots: Pick<BotsRepository, 'setUpstreamKey' | 'clearUpstreamKey' | 'sealedUpstreamKey'>;
  /** BOT_TOKENS_SECRET, or null. */
  secret: string | null;
  /** The bot's orders the current account still has to answer for. */
  inFlight: () => Promise<number>;
  /** Asks the upstream whether it takes this key. */
  probe: (key: string) => Promise<KeyVerdict>;
  /** The key changed: serve the bot again with it (never awaited by the caller's update). */
  changed: () => void;
}

/** A key as typed: one run of visible characters, of a sensible length. */
const KEY_SHAPE = /^[\x21-\x7e]{8,256}$/;

export class UpstreamKeyService {
  readonly #deps: UpstreamKeyDeps;
  readonly #box: SecretBox | null;

  constructor(deps: UpstreamKeyDeps) {
    this.#deps = deps;
    this.#box = deps.secret === null ? null : new SecretBox(deps.secret);
  }

  /** Which account the bot orders with. */
  async current(): Promise<'own' | 'shared'> {
    return (await this.#deps.bots.sealedUpstreamKey(this.#deps.botId)) === null ? 'shared' : 'own';
  }

  /** Checks the key with the upstream, stores it sealed and serves the bot with it. */
  async set(typed: string): Promise<UpstreamKeyOutcome> {
    const key = typed.trim();
    if (!KEY_SHAPE.test(key)) return { kind: 'malformed' };
    const refusal = await this.#refusal();
    if (refusal) return refusal;
    const verdict = await this.#deps.probe(key);
    if (verdict !== 'accepted') return { kind: verdict };
    // The box exists: #refusal said so.
    await this.#deps.bots.setUpstreamKey(this.#deps.botId, this.#box!.seal(key));
    this.#deps.changed();
    return { kind: 'set' };
  }

  /** Back to the deployment's shared key. */
  async clear(): Promise<UpstreamKeyOutcome> {
    if (this.#deps.botId === MAIN_BOT_ID) return { kind: 'main' };
    if ((await this.current()) === 'shared') return { kind: 'already_shared' };
    const orders = await this.#deps.inFlight();
    if (orders > 0) return { kind: 'in_flight', orders };
    await this.#deps.bots.clearUpstreamKey(this.#deps.botId);
    this.#deps.changed();
    return { kind: 'cleared' };
  }

  async #refusal(): Promise<UpstreamKeyOutcome | undefined> {
    if (this.#deps.botId === MAIN_BOT_ID) return { kind: 'main' };
    if (!this.#box) return { kind: 'no_secret' };
    const orders = await this.#deps.inFlight();
    if (orders > 0) return { kind: 'in_flight', orders };
    return undefined;
  }
}
