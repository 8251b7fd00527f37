/**
 * What handler tests (test/bot) share beyond the in-process bot: a Stars-billing environment, a
 * simulator to price and order against, and reading the buttons of recorded messages.
 */
import { afterEach, beforeEach } from 'vitest';
import { type RunningSimulator, startSimulator } from '../../src/simulator/server.js';
import { createInProcessBot, type InProcessBot } from './in-process-bot.js';

/** BILLING=stars with the variables it needs (the upstream is passed to the bot separately). */
export const STARS_ENV: Readonly<Record<string, string>> = {
  BILLING: 'stars',
  STARS_PER_USD: '77',
  SUPPORT_CONTACT: '@shop_support',
  RESELLER_API_URL: 'http://127.0.0.1:9/api/v1',
  RESELLER_API_KEY: 'unused',
};

export const SIM_API_KEY = 'sim-key';

/** The simulator on a random port with a funded account; the bot's `upstream` option points at it. */
export async function startBotSimulator() {
  const sim = await startSimulator({
    port: 0,
    accounts: [{ key: SIM_API_KEY, balance_usd: '100.00', deposit_usd: '100.00' }],
  });
  return { sim, upstream: { baseUrl: sim.baseUrl, apiKey: SIM_API_KEY } };
}

/**
 * A fresh simulator and an in-process bot ordering from it for each test of the file, closed after
 * each; `use` hands them to the file's own variables.
 */
export function botPerTest(
  use: (started: { sim: RunningSimulator; harness: InProcessBot }) => void,
  opts: { env?: Readonly<Record<string, string>> } = {},
): void {
  let started: { sim: RunningSimulator; harness: InProcessBot } | undefined;
  beforeEach(async () => {
    const { sim, upstream } = await startBotSimulator();
    started = { sim, harness: await createInProcessBot({ ...(opts.env && { env: opts.env }), upstream }) };
    use(started);
  });
  afterEach(async () => {
    await started?.harness.close();
    await started?.sim.close();
    started = undefined;
  });
}

type Button = { text: string; callback_data?: string };
type Keyboard = { inline_keyboard: Button[][] };

export const buttonsOf = (payload: Record<string, unknown> | undefined): Button[] =>
  ((payload?.reply_markup as Keyboard | undefined)?.inline_keyboard ?? []).flat();

/** The latest message (sent or edited) that carries a button whose data starts with `prefix`. */
export function lastWithButton(h: InProcessBot, prefix: string): { text: string; buttons: Button[] } {
  const call = h.calls.findLast((c) => buttonsOf(c.payload).some((b) => b.callback_data?.startsWith(prefix)));
  if (!call) throw new Error(`no message with a ${prefix} button`);
  return { text: String(call.payload.text), buttons: buttonsOf(call.payload) };
}

/** The data of the button labelled `text`. */
export function dataOf(buttons: Button[], text: string): string {
  const button = buttons.find((b) => b.text === text);
  if (!button?.callback_data)
    throw new Error(`no button ${text} in ${buttons.map((b) => b.text).join(' | ')}`);
  return button.callback_data;
}

/** The last message sent or edited, with its buttons as "label|data". */
export function lastScreen(h: InProcessBot): { method: string; text: string; buttons: string[] } {
  const call = h.calls.findLast((c) => c.method === 'sendMessage' || c.method === 'editMessageText')!;
  return {
    method: call.method,
    text: String(call.payload.text),
    buttons: buttonsOf(call.payload).map((b) => `${b.text}|${b.callback_data}`),
  };
}
