/**
 * Webhook delivery keeps Telegram's bound on requests in flight: at most setWebhook's
 * `max_connections` (default 40, 1-100) POSTs at once, whatever the number of chats writing.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TelegramEmulator } from '../support/telegram/emulator.js';
import { rawCall, startEmulator } from './helpers.js';

/** A webhook that holds every request open until the test releases them. */
class HeldWebhook {
  inFlight = 0;
  mostInFlight = 0;
  received = 0;
  readonly #held: ServerResponse[] = [];
  readonly server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on('end', () => {
      this.received++;
      this.inFlight++;
      this.mostInFlight = Math.max(this.mostInFlight, this.inFlight);
      this.#held.push(res);
    });
  });

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  releaseAll(): void {
    for (const res of this.#held.splice(0)) {
      this.inFlight--;
      res.end('ok');
    }
  }

  async close(): Promise<void> {
    this.releaseAll();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

describe('Telegram emulator: webhook delivery', () => {
  let emu: TelegramEmulator | undefined;
  let hook: HeldWebhook | undefined;
  afterEach(async () => {
    await emu?.close();
    await hook?.close();
    emu = undefined;
    hook = undefined;
  });

  it("keeps at most max_connections POSTs in flight, and delivers the rest as they're answered", async () => {
    hook = new HeldWebhook();
    const target = await hook.listen();
    emu = await startEmulator({ webhook: { targets: [target] } });
    expect(
      (await rawCall(emu, 'setWebhook', { url: 'https://bot.example/hook', max_connections: 3 })).status,
    ).toBe(200);
    const users = Array.from({ length: 10 }, () => emu!.createUser({}));
    for (const user of users) await user.sendText('hi');
    const held = hook;
    await vi.waitFor(() => expect(held.inFlight).toBe(3));
    while (held.received < 10) {
      held.releaseAll();
      await vi.waitFor(() => expect(held.inFlight > 0 || held.received === 10).toBe(true));
    }
    held.releaseAll();
    expect(held.mostInFlight).toBe(3);
  });

  it('refuses a max_connections outside 1-100', async () => {
    emu = await startEmulator();
    const refused = await rawCall(emu, 'setWebhook', { url: 'https://bot.example/hook', max_connections: 0 });
    expect(refused.status).toBe(400);
    expect(String(refused.json['description'])).toMatch(/max_connections/);
  });
});
