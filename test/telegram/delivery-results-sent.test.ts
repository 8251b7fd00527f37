/**
 * The results' file ids are handed over as soon as the results are in the chat, before the
 * originals (downloaded and uploaded, which takes a while) follow: ↗️ Share and ➕ Use as input
 * under a result work from the moment the customer sees it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Api } from 'grammy';
import type { Message } from 'grammy/types';
import { pino } from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DeliveredFile } from '../../src/db/index.js';
import { deliverResults } from '../../src/telegram/delivery/deliver.js';
import { createI18n, textsFor } from '../../src/telegram/i18n.js';

const PNG_BYTES = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(500, 7),
]);
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG_BYTES));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Telegram's answer for a photo or a document, as the Bot API returns it. */
function sent(kind: 'photo' | 'document', n: number): Message {
  const file = { file_id: `${kind}-${n}`, file_unique_id: `u-${kind}-${n}` };
  const content =
    kind === 'photo'
      ? { photo: [{ ...file, width: 512, height: 512 }] }
      : { document: { ...file, file_name: 'result-1.png' } };
  return { message_id: n, date: 0, chat: { id: 1, type: 'private', first_name: 'A' }, ...content } as Message;
}

it('hands over the results file ids after the photo and before the original is sent', async () => {
  const events: string[] = [];
  let handed: DeliveredFile[] = [];
  const api = {
    sendPhoto: async () => {
      events.push('sendPhoto');
      return sent('photo', 1);
    },
    sendDocument: async () => {
      events.push('sendDocument');
      return sent('document', 2);
    },
  } as unknown as Api;

  const report = await deliverResults(
    {
      api,
      logger: pino({ level: 'silent' }),
      localFiles: false,
      urlPolicy: { allowHttp: true, allowPrivate: true },
    },
    { id: 'o1', modelType: 'image', result: [`${base}/a.png`], resultExpiresAt: null },
    {
      chatId: 1,
      texts: textsFor(createI18n('en', undefined, 'stars'), 'en'),
      onResultsSent: async (files) => {
        events.push('resultsSent');
        handed = structuredClone(files);
      },
    },
  );

  expect(events).toEqual(['sendPhoto', 'resultsSent', 'sendDocument']);
  expect(handed).toEqual([{ index: 0, kind: 'photo', fileId: 'photo-1', fileUniqueId: 'u-photo-1' }]);
  // The report at the end also carries the original's id.
  expect(report.files[0]?.original?.fileId).toBe('document-2');
});
