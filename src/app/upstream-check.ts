/**
 * At start-up the upstream is asked once (GET /balance) whether it takes our URL and key, as
 * Telegram is asked (getMe) whether it takes the token. A key it refuses (401) or a URL that is not
 * the API's (404 for /balance) can only be fixed by the operator: the bot stops, naming the variable
 * and the fix, never its value. An upstream that does not answer, or answers with a failure of its
 * own, may come back: the bot starts anyway and says so (the catalog and balance jobs keep asking).
 * Sandbox mode has nothing to check: its simulator runs in this process.
 */
import type { Logger } from '../logger.js';
import { ResellerClient } from '../reseller/client.js';
import { ResellerError } from '../reseller/errors.js';
import type { Upstream } from '../upstream.js';

/** Where the API's base path should end, as providers give it (README, "Go live"). */
const API_PATH = '/api/v1';

/** The URL as it can be shown: no user, password, query or fragment. */
function shown(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname.replace(/\/+$/, '')}`;
  } catch {
    return '(not a URL)';
  }
}

/** Throws a fatal, operator-facing error for a key or URL the upstream refuses; warns otherwise. */
export async function checkUpstream(upstream: Upstream, logger: Logger): Promise<void> {
  if (upstream.sandbox) return;
  const client = new ResellerClient({
    baseUrl: upstream.baseUrl,
    apiKey: upstream.apiKey,
    // One question: an upstream down at start-up is not waited for.
    retry: { retries: 0 },
  });
  const url = shown(upstream.baseUrl);
  try {
    await client.getBalance();
    logger.info({ url }, 'upstream takes our key');
  } catch (error) {
    if (!(error instanceof ResellerError)) throw error;
    if (error.httpStatus === 401) {
      throw new Error(
        `RESELLER_API_KEY was rejected by the upstream at ${url} (401 Unauthorized): it is mistyped, revoked, or a key of another account or provider. Copy it again from your provider's dashboard.`,
      );
    }
    if (error.httpStatus === 404) {
      const hint = url.endsWith(API_PATH)
        ? `check it against the API base URL your provider's dashboard shows`
        : `it should be the API's base URL, ending with ${API_PATH} (perhaps ${url}${API_PATH})`;
      throw new Error(
        `RESELLER_API_URL=${url} is not the Reseller API: GET ${url}/balance answered 404 Not Found. ${hint}.`,
      );
    }
    logger.warn(
      { url, code: error.code, status: error.httpStatus },
      'the upstream did not answer at start-up: starting anyway, it is asked again for the catalog and the balance',
    );
  } finally {
    await client.close();
  }
}
