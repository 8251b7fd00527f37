/**
 * /balance's 🔄 Refresh during an upstream outage: the check may outlast Telegram's ~15 s for an
 * answer (its timeout, with retries), so the button is answered before upstream is asked, and the
 * failure is shown in the edited message. The monitor is stubbed: its call is recorded among the
 * Bot API calls, so their order shows.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResellerError } from '../../src/reseller/errors.js';
import { callbackQuery, createInProcessBot, type InProcessBot } from '../support/in-process-bot.js';
import { buttonsOf } from '../support/in-process-helpers.js';

const ADMIN = { id: 7, language_code: 'en' };
const UPSTREAM = 'upstream';

let harness: InProcessBot;
afterEach(async () => {
  vi.restoreAllMocks();
  await harness?.close();
});

describe('/balance 🔄 Refresh', () => {
  it('is answered before upstream is asked; a failed check is shown in the message', async () => {
    harness = await createInProcessBot({ env: { ADMIN_IDS: String(ADMIN.id) } });
    vi.spyOn(harness.services.admin.balance, 'check').mockImplementation(async () => {
      harness.calls.push({ method: UPSTREAM, payload: {} });
      throw new ResellerError('network_error', 'connect ECONNREFUSED');
    });
    await harness.send(callbackQuery(ADMIN, 'adm:balance'));
    const methods = harness.calls.map((c) => c.method);
    const answered = methods.indexOf('answerCallbackQuery');
    expect(answered).toBeGreaterThanOrEqual(0);
    expect(answered).toBeLessThan(methods.indexOf(UPSTREAM));
    expect(methods.filter((m) => m === 'answerCallbackQuery')).toHaveLength(1);
    const edited = harness.calls.findLast((c) => c.method === 'editMessageText')?.payload;
    expect(String(edited?.text)).toMatch(
      /^⚠️ Couldn't get the balance from the Reseller API: network_error\. Admins are alerted below /,
    );
    expect(buttonsOf(edited).map((b) => b.callback_data)).toEqual(['adm:balance']);
  });
});
