/**
 * The media step of the generate form, in-process against the simulator: what the counter under
 * each received file says agrees with the buttons under it; an album at the description step before
 * it is answered once. The relay to upstream is stubbed (the fake Telegram API holds no files).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Upload } from '../../src/reseller/schemas.js';
import { defaultCatalog } from '../../src/simulator/catalog.js';
import { type RunningSimulator, startSimulator } from '../../src/simulator/server.js';
import {
  callbackQuery,
  createInProcessBot,
  type InProcessBot,
  textMessage,
} from '../support/in-process-bot.js';
import { lastScreen, SIM_API_KEY } from '../support/in-process-helpers.js';

let dir: string;
let sim: RunningSimulator;
let harness: InProcessBot;

/** Collage Composer (202) made to take 2 to 3 photos. */
beforeEach(async () => {
  const models = defaultCatalog().models.map((model) =>
    model.id === 202
      ? {
          ...model,
          media: {
            ...model.media,
            required: true,
            max_count: 3,
            inputs: model.media.inputs.map((input) => ({ ...input, required: true, min: 2, max: 3 })),
          },
        }
      : model,
  );
  dir = await mkdtemp(join(tmpdir(), 'media-step-'));
  await writeFile(join(dir, 'catalog.json'), JSON.stringify({ models }));
  sim = await startSimulator({
    port: 0,
    catalogPath: join(dir, 'catalog.json'),
    accounts: [{ key: SIM_API_KEY, balance_usd: '100.00', deposit_usd: '100.00' }],
  });
  harness = await createInProcessBot({ upstream: { baseUrl: sim.baseUrl, apiKey: SIM_API_KEY } });
  let n = 0;
  vi.spyOn(harness.services.relay, 'relay').mockImplementation(
    async () => ({ tmp_path: `tmp/0000000${++n}` }) as Upload,
  );
});
afterEach(async () => {
  vi.restoreAllMocks();
  await harness?.close();
  await sim?.close();
  await rm(dir, { recursive: true, force: true });
});

let photoNo = 0;
/** A photo message from `from`, optionally one item of an album. */
function photoMessage(from: { id: number; language_code?: string }, mediaGroupId?: string) {
  const base = textMessage(from, 'x').message;
  const { text: _text, entities: _entities, ...rest } = base;
  photoNo++;
  return {
    message: {
      ...rest,
      photo: [
        { file_id: `p${photoNo}`, file_unique_id: `u${photoNo}`, width: 800, height: 600, file_size: 50_000 },
      ],
      ...(mediaGroupId ? { media_group_id: mediaGroupId } : {}),
    },
  };
}

async function atMediaStep(user: { id: number; language_code: string }) {
  await harness.send(textMessage(user, '/start'));
  await harness.send(callbackQuery(user, 'gm:202'));
  await harness.send(textMessage(user, 'a collage of lighthouses'));
}

describe('the counter under a received file', () => {
  for (const [lang, more, between, full] of [
    [
      'en',
      '✅ Got 1 of 3. Send at least 1 more.',
      '✅ Got 2 of 3. Send more, or tap <b>Done</b>.',
      "✅ Got 3 of 3: that's all this step takes. Tap <b>Done</b> to continue.",
    ],
    [
      'ru',
      '✅ Получено 1 из 3. Отправьте ещё хотя бы 1.',
      '✅ Получено 2 из 3. Отправьте ещё или нажмите «Готово».',
      '✅ Получено 3 из 3 — больше на этом шаге не нужно. Нажмите «Готово», чтобы продолжить.',
    ],
  ] as const) {
    it(`below the minimum asks for more, between offers both, at the maximum only Done (${lang})`, async () => {
      const user = { id: 90, language_code: lang };
      await atMediaStep(user);
      const done = lang === 'en' ? '✅ Done|g:done' : '✅ Готово|g:done';

      await harness.send(photoMessage(user));
      let screen = lastScreen(harness);
      expect(screen.text).toBe(more);
      expect(screen.buttons).not.toContain(done);

      await harness.send(photoMessage(user));
      screen = lastScreen(harness);
      expect(screen.text).toBe(between);
      expect(screen.buttons).toContain(done);

      await harness.send(photoMessage(user));
      screen = lastScreen(harness);
      expect(screen.text).toBe(full);
      expect(screen.buttons).toContain(done);
    });
  }
});

describe('an album sent at the description step', () => {
  it('is told once to send the text first, not once per photo', async () => {
    const user = { id: 91, language_code: 'en' };
    await harness.send(textMessage(user, '/start'));
    await harness.send(callbackQuery(user, 'gm:202'));
    const before = harness.calls.length;
    for (let i = 0; i < 3; i++) await harness.send(photoMessage(user, 'album-1'));
    const replies = harness.calls.slice(before).filter((c) => c.method === 'sendMessage');
    expect(replies.map((r) => r.payload.text)).toEqual([
      'First the description, please, as a text message: the photos and videos come in the next step.',
    ]);

    // Another album, or a single photo, is answered again.
    await harness.send(photoMessage(user, 'album-2'));
    await harness.send(photoMessage(user));
    expect(harness.calls.slice(before).filter((c) => c.method === 'sendMessage')).toHaveLength(3);
  });
});
