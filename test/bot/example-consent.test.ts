/**
 * The owner's buttons under the question about an example (issue 43), in process: ✅ Allow shows it
 * and the caption says so with Stop showing; Stop showing hides it; every press is answered once;
 * a press naming another customer's example (or a forged id) changes nothing and edits nothing;
 * an example of another bot on the same database is out of reach.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { storeOn } from '../../src/db/index.js';
import { ModelExamplesRepository } from '../../src/db/repositories/model-examples.js';
import { deliveredResult } from '../support/gallery-fixtures.js';
import { callbackQuery, createInProcessBot, type InProcessBot } from '../support/in-process-bot.js';
import { buttonsOf } from '../support/in-process-helpers.js';

const ADMIN = 60;
const ANN = { id: 61, language_code: 'en' };
const BOB = { id: 62, language_code: 'en' };

let harness: InProcessBot;
afterEach(async () => {
  await harness?.close();
});

const answers = (h: InProcessBot) => h.calls.filter((c) => c.method === 'answerCallbackQuery');
const edits = (h: InProcessBot) => h.calls.filter((c) => c.method === 'editMessageCaption');

describe("the owner's answer about an example", () => {
  it('Allow shows it and offers Stop showing; Stop showing hides it; nobody else can press them', async () => {
    harness = await createInProcessBot({ env: { ADMIN_IDS: String(ADMIN) } });
    const examples = harness.services.modelExamples;
    const order = await deliveredResult(harness.store.orders, { userId: ANN.id, prompt: 'a fox' });
    const added = await examples.addFromResult(ADMIN, order.modelId, order.id, 0, async () => 'sent');
    const id = added.kind === 'added' ? added.example.id : '';

    // Bob presses a button naming Ann's example: answered, nothing changes, nothing edited.
    await harness.send(callbackQuery(BOB, `ex:y:${id}`));
    expect(answers(harness).at(-1)?.payload.text).toBe('This question is closed already.');
    expect(edits(harness)).toEqual([]);
    expect((await examples.find(id))?.state).toBe('asked');
    // A forged id too.
    await harness.send(callbackQuery(ANN, 'ex:y:00000000-0000-0000-0000-000000000000'));
    expect(edits(harness)).toEqual([]);

    await harness.send(callbackQuery(ANN, `ex:y:${id}`));
    expect((await examples.find(id))?.state).toBe('shown');
    expect(answers(harness).at(-1)?.payload.text).toBe("Thank you! It's shown now.");
    const shown = edits(harness).at(-1)!.payload;
    expect(String(shown.caption)).toBe('Shown as an example of <b>Lumen Text to Image</b>.');
    expect(buttonsOf(shown).map((b) => [b.text, b.callback_data])).toEqual([['Stop showing', `ex:s:${id}`]]);

    await harness.send(callbackQuery(ANN, `ex:s:${id}`));
    expect((await examples.find(id))?.state).toBe('withdrawn');
    const withdrawn = edits(harness).at(-1)!.payload;
    expect(String(withdrawn.caption)).toBe('No longer shown as an example of <b>Lumen Text to Image</b>.');
    expect(buttonsOf(withdrawn)).toEqual([]);
    // Every press answered exactly once.
    const ids = answers(harness).map((a) => a.payload.callback_query_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(4);
  });

  it("No, thanks keeps it hidden; another bot's example on the same database is out of reach", async () => {
    harness = await createInProcessBot({ env: { ADMIN_IDS: String(ADMIN) } });
    const other = storeOn(harness.store.engine, { bot: 2 });
    const theirs = (await new ModelExamplesRepository(other.engine, other.scope).add({
      id: crypto.randomUUID(),
      modelId: 203,
      source: 'result',
      orderId: 'elsewhere',
      fileIndex: 0,
      ownerUserId: ANN.id,
      state: 'asked',
      kind: 'image',
      fileId: 'f',
      previewFileId: null,
      addedBy: ADMIN,
    }))!;
    await harness.send(callbackQuery(ANN, `ex:y:${theirs.id}`));
    expect(edits(harness)).toEqual([]);
    expect((await new ModelExamplesRepository(other.engine, other.scope).find(theirs.id))?.state).toBe(
      'asked',
    );

    const order = await deliveredResult(harness.store.orders, { userId: ANN.id, prompt: 'a fox' });
    const added = await harness.services.modelExamples.addFromResult(
      ADMIN,
      203,
      order.id,
      0,
      async () => 'sent',
    );
    const id = added.kind === 'added' ? added.example.id : '';
    await harness.send(callbackQuery(ANN, `ex:n:${id}`));
    expect((await harness.services.modelExamples.find(id))?.state).toBe('declined');
    expect(String(edits(harness).at(-1)?.payload.caption)).toBe('Not shown. Thank you for answering.');
    expect(await harness.services.modelExamples.shown()).toEqual(new Map());
  });
});
