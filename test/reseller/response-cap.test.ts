/**
 * Upstream answers are read with a size cap: a runaway body fails that one call cleanly and is
 * abandoned as soon as the cap is passed, whatever its declared length.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ResellerClient } from '../../src/reseller/client.js';
import { classifySubmissionFailure } from '../../src/services/submission-errors.js';
import { failure } from './expect-error.js';
import { json, type ScriptedServer, startScriptedServer } from './scripted-server.js';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Streams up to `totalBytes` of a JSON-looking body, counting what the socket took before it closed. */
function endless(totalBytes: number, sent: { bytes: number }, declare = false) {
  return (_req: unknown, res: import('node:http').ServerResponse) => {
    res.writeHead(200, {
      'content-type': 'application/json',
      ...(declare ? { 'content-length': String(totalBytes) } : {}),
    });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const pump = () => {
      while (sent.bytes < totalBytes && !res.destroyed) {
        sent.bytes += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      if (!res.destroyed) res.end();
    };
    res.on('close', () => undefined);
    pump();
  };
}

const client = (maxResponseBytes = 1024 * 1024) =>
  new ResellerClient({
    baseUrl: `${server!.baseUrl}/api/v1`,
    apiKey: 'k',
    retry: { retries: 0 },
    maxResponseBytes,
  });

describe('response size cap', () => {
  it('a streamed 600 MB answer fails the call after the cap, and most of it is never read', async () => {
    server = await startScriptedServer();
    const sent = { bytes: 0 };
    server.script(endless(600 * 1024 * 1024, sent));
    const err = await failure(client().getOrder('o1'));
    expect(err.code).toBe('bad_response');
    expect(err.message).toMatch(/larger than 1048576 bytes/);
    // The socket closed long before the end: at most what the buffers held beyond the cap.
    expect(sent.bytes).toBeLessThan(64 * 1024 * 1024);
  });

  it('a declared length over the cap is refused before reading', async () => {
    server = await startScriptedServer();
    const sent = { bytes: 0 };
    server.script(endless(50 * 1024 * 1024, sent, true));
    const err = await failure(client().getBalance());
    expect(err.code).toBe('bad_response');
  });

  it('for POST /orders the outcome stays unknown: the same key is sent again, never a new one', async () => {
    server = await startScriptedServer();
    server.script(endless(8 * 1024 * 1024, { bytes: 0 }));
    const err = await failure(client().createOrder({ model_id: 1, prompt: 'x' }, 'key-1'));
    expect(classifySubmissionFailure(err)).toBe('unknown');
  });

  it('an answer under the cap reads as usual', async () => {
    server = await startScriptedServer();
    server.script(json(200, { success: true, balance_usd: '3.50' }));
    await expect(client().getBalance()).resolves.toEqual({ balanceUsd: '3.50' });
  });
});
