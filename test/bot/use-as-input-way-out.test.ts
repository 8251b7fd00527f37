/**
 * ➕ Use as input never strands the customer: the model list has 🏠, a relay that failed offers
 * 🔄 Try again (the same model button) and 🏠, a relay stopped by /cancel just says it stopped, and a
 * catalog outage explains itself with Try again. In-process against the simulator's catalog (its
 * outage injected over HTTP); the relay (Telegram download + upload) is stubbed on the bot's own
 * service.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResellerError } from '../../src/reseller/errors.js';
import { MediaRelayError } from '../../src/services/media-relay.js';
import type { RunningSimulator } from '../../src/simulator/server.js';
import { afterResultData } from '../../src/telegram/callback-data/after-result.js';
import { callbackQuery, type InProcessBot } from '../support/in-process-bot.js';
import { botPerTest, lastScreen } from '../support/in-process-helpers.js';
import { submittedOrder } from '../support/order-fixtures.js';

let sim: RunningSimulator;
let harness: InProcessBot;
botPerTest((started) => {
  ({ sim, harness } = started);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const USER = { id: 95, language_code: 'en' };
const UPSCALER = 301;

/** A completed Lumen order of USER whose one photo reached the chat. */
async function deliveredPhoto(): Promise<string> {
  const { orders } = harness.services;
  const order = await submittedOrder(orders, {
    userId: USER.id,
    prompt: 'a tiny robot',
    status: 'completed',
    result: ['https://r.example/g/robot.png'],
  });
  await orders.setResultFiles(order.id, [
    { index: 0, kind: 'photo', fileId: 'photo-1', fileUniqueId: 'u-1' },
  ]);
  return order.id;
}

describe('➕ Use as input', () => {
  it('the model list ends with 🏠, which turns it into the menu', async () => {
    const id = await deliveredPhoto();
    await harness.send(callbackQuery(USER, afterResultData.use.pack({ id, n: 0 })));
    const list = lastScreen(harness);
    expect(list.text).toContain('Which model should work on this image');
    expect(list.buttons).toContainEqual(expect.stringMatching(/^Crisp Upscaler.*\|rm:/));
    expect(list.buttons.at(-1)).toBe('🏠 Main menu|menu:home');

    await harness.send(callbackQuery(USER, 'menu:home'));
    const menu = lastScreen(harness);
    expect(menu.method).toBe('editMessageText');
    expect(menu.buttons).toContain('🎨 Create|menu:generate');
  });

  it('a relay that failed offers 🔄 Try again (the same model) and 🏠; Try again then attaches the file', async () => {
    const id = await deliveredPhoto();
    const pick = afterResultData.useWith.pack({ id, n: 0, m: UPSCALER });
    const relay = vi
      .spyOn(harness.services.relay, 'relay')
      .mockRejectedValueOnce(new MediaRelayError('telegram_download_failed', 'getFile failed'));
    await harness.send(callbackQuery(USER, pick, 300));
    const failed = lastScreen(harness);
    expect(failed.text).toBe("Couldn't pass the result on. Please try again in a moment.");
    expect(failed.buttons).toEqual([`🔁 Try again|${pick}`, '🏠 Main menu|menu:home']);

    relay.mockResolvedValueOnce({ tmp_path: 'tmp/relayed.png' } as Awaited<ReturnType<typeof relay>>);
    await harness.send(callbackQuery(USER, pick, 300));
    expect(harness.calls.map((c) => String(c.payload.text ?? ''))).toContainEqual(
      expect.stringContaining('The result is attached'),
    );
    expect(relay).toHaveBeenCalledTimes(2);
  });

  it("upstream's refusal of the upload is explained, with the same buttons", async () => {
    const id = await deliveredPhoto();
    const pick = afterResultData.useWith.pack({ id, n: 0, m: UPSCALER });
    vi.spyOn(harness.services.relay, 'relay').mockRejectedValueOnce(
      new MediaRelayError('upload_failed', 'upstream refused', {
        cause: new ResellerError('server_busy', 'busy'),
      }),
    );
    await harness.send(callbackQuery(USER, pick, 300));
    expect(lastScreen(harness).buttons).toEqual([`🔁 Try again|${pick}`, '🏠 Main menu|menu:home']);
  });

  it('a relay stopped by /cancel just says the upload stopped', async () => {
    const id = await deliveredPhoto();
    const pick = afterResultData.useWith.pack({ id, n: 0, m: UPSCALER });
    vi.spyOn(harness.services.relay, 'relay').mockRejectedValueOnce(
      new MediaRelayError('aborted', 'stopped'),
    );
    await harness.send(callbackQuery(USER, pick, 300));
    const stopped = lastScreen(harness);
    expect(stopped.text).toBe('✖️ Upload stopped.');
    expect(stopped.buttons).toEqual([]);
  });

  it('a catalog that must be loaded first: the button is answered before it arrives', async () => {
    const id = await deliveredPhoto();
    const catalog = harness.services.catalog;
    const real = catalog.groups.bind(catalog);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.spyOn(catalog, 'groups').mockImplementation(async () => {
      await gate;
      return real();
    });
    const handled = harness.send(callbackQuery(USER, afterResultData.use.pack({ id, n: 0 })));
    await vi.waitFor(() => expect(harness.calls.map((c) => c.method)).toContain('answerCallbackQuery'));
    expect(harness.calls.some((c) => c.method === 'sendMessage')).toBe(false);
    release();
    await handled;
    expect(lastScreen(harness).text).toContain('Which model should work on this image');
    expect(harness.calls.filter((c) => c.method === 'answerCallbackQuery')).toHaveLength(1);
  });

  it('a catalog outage: explained with 🔄 Try again (the same button) and 🏠, not the generic error', async () => {
    const id = await deliveredPhoto();
    const use = afterResultData.use.pack({ id, n: 0 });
    // Upstream unreachable for the catalog (every retry too), until it is back.
    sim.faults.add({
      method: 'GET',
      path: '/models',
      times: Number.POSITIVE_INFINITY,
      action: { kind: 'drop-before' },
    });
    await harness.send(callbackQuery(USER, use));
    const down = lastScreen(harness);
    expect(down.text).toContain('The list of models is temporarily unavailable');
    expect(down.buttons).toEqual([`🔁 Try again|${use}`, '🏠 Main menu|menu:home']);

    sim.faults.clear();
    await harness.send(callbackQuery(USER, use));
    expect(lastScreen(harness).text).toContain('Which model should work on this image');
  });
});
