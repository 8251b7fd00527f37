/** The pieces under a delivered result: its buttons' data, its keyboard, its caption, and what can be re-used. */
import { describe, expect, it } from 'vitest';
import { resultInAppUrl } from '../../src/lib/mini-app-url.js';
import { type Model, model as modelSchema } from '../../src/reseller/schemas.js';
import {
  inputStepFor,
  inputsExpired,
  modelsTaking,
  UPLOAD_REUSE_MAX_AGE_MS,
} from '../../src/services/result-reuse.js';
import catalogJson from '../../src/simulator/catalog.json' with { type: 'json' };
import { afterResultData } from '../../src/telegram/callback-data/after-result.js';
import { CALLBACK_DATA_LIMIT } from '../../src/telegram/callback-data/codec.js';
import { createI18n, textsFor } from '../../src/telegram/i18n.js';
import { afterResultKeyboard, afterResultNext } from '../../src/telegram/keyboards/after-result.js';
import { CAPTION_LIMIT, resultCaption } from '../../src/telegram/texts/result-caption.js';

const UUID = '3f2a1b4c-5d6e-4f70-8192-a3b4c5d6e7f8';
const en = textsFor(createI18n('en'), 'en');
const ru = textsFor(createI18n('ru'), 'ru');

/** The bundled catalog as the bot sees it: the public part, parsed by the client's schema. */
const models: Model[] = catalogJson.models.map(({ sim: _sim, ...publicPart }) =>
  modelSchema.parse(publicPart),
);
const byName = (name: string) => models.find((m) => m.name === name)!;

describe('after-result buttons', () => {
  it('round-trip within 64 bytes at their widest, and name nothing but the order row', () => {
    const widest = [
      afterResultData.again.pack({ id: UUID }),
      afterResultData.change.pack({ id: UUID }),
      afterResultData.use.pack({ id: UUID, n: 99 }),
      afterResultData.useWith.pack({ id: UUID, n: 99, m: 999_999_999 }),
    ];
    for (const data of widest) expect(Buffer.byteLength(data)).toBeLessThanOrEqual(CALLBACK_DATA_LIMIT);
    expect(afterResultData.useWith.parse(widest[3])).toEqual({ id: UUID, n: 99, m: 999_999_999 });
    expect(afterResultData.again.parse(widest[0])).toEqual({ id: UUID });
  });

  it('refuse forged, truncated or out-of-range data', () => {
    const forged = [
      'ra:',
      `ra:${UUID}:1`,
      `ru:${UUID}`,
      `ru:${UUID}:100`,
      `ru:${UUID}:-1`,
      `rm:${UUID}:0`,
      'rc:../../etc',
      `rc:${'a'.repeat(41)}`,
    ];
    for (const data of forged) {
      const families = Object.values(afterResultData);
      expect(families.map((f) => f.parse(data)).filter(Boolean)).toEqual([]);
      expect(families.some((f) => f.filter().test(data))).toBe(false);
    }
    // Well-shaped numbers out of range pass the pattern but not the parse: the handler never sees them.
    for (const data of [`rm:${UUID}:0:0`, `rm:${UUID}:01:5`])
      expect(afterResultData.useWith.parse(data)).toBeUndefined();
    expect(() => afterResultData.use.pack({ id: UUID, n: 100 })).toThrow();
  });
});

describe('afterResultKeyboard', () => {
  const labels = (k: ReturnType<typeof afterResultKeyboard>) =>
    k.inline_keyboard.map((row) => row.map((b) => b.text));
  const data = (k: ReturnType<typeof afterResultKeyboard>) =>
    k.inline_keyboard.flat().map((b) => ('callback_data' in b ? b.callback_data : undefined));

  it('one photo: Again and Change, then Use as input for that file', () => {
    const keyboard = afterResultKeyboard(en, UUID, [{ index: 0, kind: 'photo' }]);
    expect(labels(keyboard)).toEqual([['🔁 Again', '✏️ Change'], ['➕ Use as input']]);
    expect(data(keyboard)).toEqual([`ra:${UUID}`, `rc:${UUID}`, `ru:${UUID}:0`]);
  });

  it('several files: one Use button per photo or video, five to a row; documents and animations get none', () => {
    const files = [0, 1, 2, 3, 4, 5].map((index) => ({ index, kind: 'photo' as const }));
    const keyboard = afterResultKeyboard(ru, UUID, [
      ...files,
      { index: 6, kind: 'document' },
      { index: 7, kind: 'video' },
    ]);
    expect(labels(keyboard)).toEqual([
      ['🔁 Ещё раз', '✏️ Изменить'],
      ['➕ 1', '➕ 2', '➕ 3', '➕ 4', '➕ 5'],
      ['➕ 6', '➕ 8'],
    ]);
    expect(data(keyboard).at(-1)).toBe(`ru:${UUID}:7`);
    expect(labels(afterResultKeyboard(en, UUID, [{ index: 0, kind: 'animation' }]))).toEqual([
      ['🔁 Again', '✏️ Change'],
    ]);
  });

  it('↗️ Share opens the inline menu only when sharing is on', () => {
    const shared = afterResultKeyboard(en, UUID, [], { share: true }).inline_keyboard.flat();
    expect(shared.at(-1)).toEqual({ text: '↗️ Share', switch_inline_query: '' });
    expect(
      afterResultKeyboard(en, UUID, [])
        .inline_keyboard.flat()
        .map((b) => b.text),
    ).not.toContain('↗️ Share');
  });

  it("🖼 opens the customers' app on this result where the Mini Apps are on, last and on a row of its own", () => {
    const appUrl = resultInAppUrl('https://shop.example/miniapp/?bot=7', UUID)!;
    expect(appUrl).toBe(`https://shop.example/miniapp/app.html?bot=7&open=${UUID}`);
    const rows = afterResultKeyboard(en, UUID, [{ index: 0, kind: 'photo' }], {
      share: true,
      appUrl,
    }).inline_keyboard;
    expect(rows.at(-1)).toEqual([{ text: '🖼 Open in my results', web_app: { url: appUrl } }]);
    expect(resultInAppUrl(null, UUID)).toBeNull();
    const off = afterResultKeyboard(en, UUID, [], {
      appUrl: resultInAppUrl(null, UUID),
    }).inline_keyboard.flat();
    expect(off.some((b) => 'web_app' in b)).toBe(false);
  });
});

describe('resultCaption', () => {
  const visible = (html: string) =>
    html
      .replace(/<[^>]+>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');

  it('names the model, and shows the prompt escaped only when asked', () => {
    const order = { modelName: 'Lumen <Text>', request: { prompt: 'a <b>cat</b> & dog' } };
    expect(resultCaption(en, order, false)).toBe('🎨 <b>Lumen &lt;Text&gt;</b>');
    expect(resultCaption(en, order, true)).toBe(
      '🎨 <b>Lumen &lt;Text&gt;</b>\n<i>a &lt;b&gt;cat&lt;/b&gt; &amp; dog</i>',
    );
    expect(resultCaption(en, { modelName: 'M', request: {} }, true)).toBe('🎨 <b>M</b>');
  });

  it("stays within Telegram's 1024 characters with any prompt, cutting it with an ellipsis", () => {
    for (const prompt of ['&'.repeat(5000), '😀'.repeat(3000), `${'x'.repeat(1015)}`]) {
      const caption = resultCaption(en, { modelName: 'Model', request: { prompt } }, true);
      expect(visible(caption).length).toBeLessThanOrEqual(CAPTION_LIMIT);
      expect(visible(caption).length).toBeGreaterThan(CAPTION_LIMIT - 3);
      expect(caption).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    }
    const short = resultCaption(en, { modelName: 'Model', request: { prompt: 'short' } }, true);
    expect(short).not.toContain('…');
  });
});

describe('re-use rules', () => {
  it('offers for a picture the models a picture alone is enough for, in the menu groups', () => {
    const groups = [
      { type: 'image', models: models.filter((m) => m.type === 'image') },
      { type: 'video', models: models.filter((m) => m.type === 'video') },
      { type: 'upscale', models: models.filter((m) => m.type === 'upscale') },
      { type: 'remove_bg', models: models.filter((m) => m.type === 'remove_bg') },
    ];
    const offered = modelsTaking(groups, 'image').map((g) => [g.type, g.models.map((m) => m.name)]);
    expect(offered).toEqual([
      ['image', ['Nova Image Edit', 'Collage Composer']],
      ['video', ['Vega Video 2 Pro', 'Aurora Video Sound', 'Cast Character Video']],
      ['upscale', ['Crisp Upscaler']],
      ['remove_bg', ['Clean Cutout']],
    ]);
    // Motion transfer needs a clip too, a face swap a second face: the picture alone is not enough.
    expect(inputStepFor(byName('Motion Transfer'), 'image')).toBeUndefined();
    expect(inputStepFor(byName('Face Swap Studio'), 'image')).toBeUndefined();
    expect(inputStepFor(byName('Vega Video 2 Pro'), 'video')?.key).toBe('video');
    expect(modelsTaking(groups, 'video').flatMap((g) => g.models.map((m) => m.name))).toEqual([
      'Vega Video 2 Pro',
      'Aurora Video Sound',
    ]);
  });

  it('knows when the uploads of an order are gone upstream', () => {
    const createdAt = new Date(1_000_000);
    const withFiles = { request: { media: { image: ['tmp/a'] } }, createdAt };
    expect(inputsExpired(withFiles, createdAt.getTime() + UPLOAD_REUSE_MAX_AGE_MS - 1)).toBe(false);
    expect(inputsExpired(withFiles, createdAt.getTime() + UPLOAD_REUSE_MAX_AGE_MS)).toBe(true);
    expect(
      inputsExpired({ request: {}, createdAt }, createdAt.getTime() + 10 * UPLOAD_REUSE_MAX_AGE_MS),
    ).toBe(false);
  });
});

describe('the message above the after-result buttons', () => {
  it('explains bare "➕ N" buttons when there are several, and stays short for one', () => {
    const two = [{ kind: 'photo' as const }, { kind: 'photo' as const }];
    expect(afterResultNext(en, two)).toContain('<b>➕ 1</b>, <b>➕ 2</b>… to use that result as the input');
    expect(afterResultNext(ru, two)).toContain('«➕ 1», «➕ 2»… — взять этот результат за основу');
    expect(afterResultNext(en, [{ kind: 'photo' }])).toBe("What's next? Tap a button below.");
    expect(afterResultNext(en, [{ kind: 'photo' }, { kind: 'document' }])).toBe(
      "What's next? Tap a button below.",
    );
  });
});
