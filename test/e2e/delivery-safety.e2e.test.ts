/**
 * Result URLs are not trusted (issue: a hostile or broken upstream). When Telegram refuses a result
 * URL the bot fetches it itself only if the URL policy allows it, and sends only real media: an
 * internal address is never fetched, a JSON page is never sent as a photo, and the user is told
 * honestly instead of getting "Done" and nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { confirmOrder, pricedTextImage } from '../support/e2e/flows.js';
import { type Stack, startStack } from '../support/e2e/stack.js';

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

const URL_REFUSED = { error_code: 400, description: 'Bad Request: wrong file identifier/HTTP URL specified' };
const resultFetches = (s: Stack) => s.simulator.requests.filter((r) => r.path.startsWith('/g/')).length;

async function orderLumen(s: Stack, name: string, prompt: string) {
  const user = s.emulator.createUser({ first_name: name, language_code: 'en' });
  await pricedTextImage(user, prompt);
  await confirmOrder(user);
  return user;
}

describe('result URLs the bot fetches itself', () => {
  it('an internal address is never fetched: the user is told, nothing is sent', async () => {
    // The default policy: results on 127.0.0.1 are private, so the bot must not download them.
    stack = await startStack({ env: { RESULT_URLS_ALLOW_PRIVATE: 'false' } });
    stack.emulator.injectError('sendPhoto', URL_REFUSED, 1);
    const before = resultFetches(stack);
    const user = await orderLumen(stack, 'Ivo', 'Internal only');
    await user.waitForMessage(/Not delivered[\s\S]*safely send/, { timeoutMs: 20_000 });
    expect(resultFetches(stack)).toBe(before);
    expect(user.messages().some((m) => m.kind === 'photo' || m.kind === 'document')).toBe(false);
    expect(stack.bot.lines.some((l) => /result refused/.test(l) && /private address/.test(l))).toBe(true);
    expect(stack.emulator.problems).toEqual([]);
  });

  it('a JSON answer is not a photo: never sent, and the user is told', async () => {
    stack = await startStack();
    stack.emulator.injectError('sendPhoto', URL_REFUSED, 1);
    stack.simulator.faults.add({
      path: /^\/g\//,
      times: Number.POSITIVE_INFINITY,
      action: { kind: 'body', contentType: 'image/png', body: '{"admin_token":"internal"}' },
    });
    const user = await orderLumen(stack, 'Jon', 'Not really a picture');
    await user.waitForMessage(/Not delivered[\s\S]*safely send/, { timeoutMs: 20_000 });
    expect(user.messages().some((m) => m.kind === 'photo' || m.kind === 'document')).toBe(false);
    expect(stack.bot.lines.some((l) => /result refused/.test(l) && /not_media/.test(l))).toBe(true);
    expect(stack.emulator.problems).toEqual([]);
  });
});
