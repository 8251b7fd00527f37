/**
 * The bot's Bot API fetch (telegram/bot-api-fetch.ts) under grammY's own client, against a real
 * HTTP server: JSON calls through undici, answers and errors as grammY reads them, an aborted long
 * poll let go at once, and uploads through the fallback.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Api, GrammyError, HttpError, InputFile } from 'grammy';
import nodeFetch from 'node-fetch';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { botApiFetch } from '../../src/telegram/bot-api-fetch.js';

interface Seen {
  method: string;
  contentType: string | undefined;
  body: string;
}

describe('botApiFetch', () => {
  let server: Server;
  let apiRoot: string;
  const seen: Seen[] = [];
  /** Requests the server holds open (a long poll), to be answered by the test or never. */
  const held: IncomingMessage[] = [];
  let onHeld: (() => void) | undefined;

  beforeEach(async () => {
    seen.length = 0;
    held.length = 0;
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const method = req.url!.split('/').at(-1)!;
        seen.push({
          method,
          contentType: req.headers['content-type'],
          body: Buffer.concat(chunks).toString(),
        });
        if (method === 'getUpdates') {
          held.push(req);
          onHeld?.();
          return;
        }
        const bad = method === 'sendMessage' && JSON.parse(seen.at(-1)!.body).chat_id === 0;
        res.writeHead(bad ? 400 : 200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify(
            bad
              ? { ok: false, error_code: 400, description: 'Bad Request: chat not found' }
              : { ok: true, result: { message_id: 7, text: 'привет <b>' } },
          ),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiRoot = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const fallbackCalls: string[] = [];
  const api = (fallback = nodeFetch as unknown as typeof fetch) =>
    new Api('123:TEST', {
      apiRoot,
      fetch: botApiFetch((input, init) => {
        fallbackCalls.push(String(input));
        return fallback(input, init);
      }) as never,
    });

  it('sends a JSON call and reads its answer, text as sent, in UTF-8', async () => {
    const message = await api().sendMessage(42, 'привет');
    expect(message).toMatchObject({ message_id: 7, text: 'привет <b>' });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'sendMessage', contentType: 'application/json' });
    expect(JSON.parse(seen[0]!.body)).toMatchObject({ chat_id: 42, text: 'привет' });
    expect(fallbackCalls).toEqual([]);
  });

  it("a refused call is Telegram's error, with its description", async () => {
    const err = await api()
      .sendMessage(0, 'x')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GrammyError);
    expect(err).toMatchObject({ error_code: 400, description: 'Bad Request: chat not found' });
  });

  it('an aborted long poll is let go at once (as when the bot stops)', async () => {
    const controller = new AbortController();
    const arrived = new Promise<void>((resolve) => {
      onHeld = resolve;
    });
    const polling = api()
      .getUpdates({ timeout: 30 }, controller.signal as never)
      .catch((e: unknown) => e);
    await arrived;
    controller.abort();
    const err = await polling;
    expect(err).toBeInstanceOf(HttpError);
    expect(held).toHaveLength(1);
  });

  it('an unreachable server is a network error grammY reports as such', async () => {
    const closed = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const err = await new Api('123:TEST', {
      apiRoot: closed,
      fetch: botApiFetch(nodeFetch as never) as never,
    })
      .sendMessage(1, 'x')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
  });

  it('an upload (multipart) goes through the fallback', async () => {
    fallbackCalls.length = 0;
    await api()
      .sendPhoto(42, new InputFile(Buffer.from('png bytes'), 'a.png'))
      .catch(() => undefined);
    expect(fallbackCalls).toEqual([`${apiRoot}/bot123:TEST/sendPhoto`]);
    expect(seen[0]?.contentType).toMatch(/^multipart\/form-data/);
  });
});
