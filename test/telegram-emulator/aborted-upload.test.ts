/**
 * A bot that hangs up in the middle of an upload (stopped by SIGTERM while sending a photo) must
 * not take the emulator down with it: the half-read request ends quietly and the next call works.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TelegramEmulator } from '../support/telegram/emulator.js';
import { botFor, startEmulator } from './helpers.js';

describe('an upload cut off mid-body', () => {
  let emu: TelegramEmulator;
  const uncaught: unknown[] = [];
  const record = (err: unknown) => uncaught.push(err);
  beforeAll(async () => {
    emu = await startEmulator();
    process.on('uncaughtException', record);
  });
  afterAll(async () => {
    process.off('uncaughtException', record);
    await emu.close();
  });

  it('raises nothing in the emulator, which keeps answering', async () => {
    const user = emu.createUser();
    const boundary = 'cut-off-boundary';
    const url = new URL(`${emu.apiRoot}/bot${emu.token}/sendPhoto`);
    for (let attempt = 0; attempt < 20; attempt++) {
      await new Promise<void>((resolve) => {
        const req = request(url, {
          method: 'POST',
          headers: {
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(1024 * 1024),
          },
        });
        req.on('error', () => resolve());
        req.on('close', () => resolve());
        req.write(
          `--${boundary}\r\ncontent-disposition: form-data; name="chat_id"\r\n\r\n${user.id}\r\n` +
            `--${boundary}\r\ncontent-disposition: form-data; name="photo"; filename="a.png"\r\n` +
            'content-type: image/png\r\n\r\n',
        );
        req.write(Buffer.alloc(32 * 1024, 7), () => setImmediate(() => req.destroy()));
      });
    }
    // Let the server notice every hang-up and finish its own cleanup.
    await new Promise((r) => setTimeout(r, 50));
    await expect(botFor(emu).api.getMe()).resolves.toMatchObject({ is_bot: true });
    expect(uncaught).toEqual([]);
  });
});
