/**
 * Screens of the ordering flow that end it early always leave buttons to go on with: a catalog
 * outage (🔄 Try again, 🏠), a model gone or refused with nothing to change, a closed or unknown
 * order (🎨 Create, 🏠). In-process, against the real simulator: the outage is the simulator's (its
 * fault injection, over HTTP); slowness and the refusals are stubbed on the bot's own services.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResellerError } from '../../src/reseller/errors.js';
import { model as modelSchema } from '../../src/reseller/schemas.js';
import type { RunningSimulator } from '../../src/simulator/server.js';
import {
  callbackQuery,
  createInProcessBot,
  type InProcessBot,
  textMessage,
} from '../support/in-process-bot.js';
import { dataOf, lastScreen, lastWithButton, startBotSimulator } from '../support/in-process-helpers.js';

let sim: RunningSimulator;
let upstream: { baseUrl: string; apiKey: string };
let harness: InProcessBot;
beforeEach(async () => {
  ({ sim, upstream } = await startBotSimulator());
  harness = await createInProcessBot({ upstream });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await harness?.close();
  await sim?.close();
});

const EN = { id: 70, language_code: 'en' };
const RU = { id: 71, language_code: 'ru' };
/** GET /models drops every connection (each retry too) until `recover()`. */
function catalogOutage() {
  sim.faults.add({
    method: 'GET',
    path: '/models',
    times: Number.POSITIVE_INFINITY,
    action: { kind: 'drop-before' },
  });
  return { recover: () => sim.faults.clear() };
}

describe('the model list while the catalog cannot be loaded', () => {
  it('keeps 🔄 Try again (the menu’s Create) and 🏠, and Try again shows the list once upstream is back', async () => {
    await harness.send(textMessage(EN, '/start'));
    const outage = catalogOutage();
    await harness.send(callbackQuery(EN, 'menu:generate'));
    const down = lastScreen(harness);
    expect(down.method).toBe('editMessageText');
    expect(down.text).toContain('The list of models is temporarily unavailable');
    expect(down.buttons).toEqual(['🔁 Try again|menu:generate', '🏠 Main menu|menu:home']);

    outage.recover();
    await harness.send(callbackQuery(EN, 'menu:generate'));
    const back = lastScreen(harness);
    expect(back.text).toContain('What would you like to create');
    expect(back.buttons).toContain('🖼 Images|gt:image');
  });

  it('/generate answers with the same buttons, in Russian too', async () => {
    catalogOutage();
    await harness.send(textMessage(RU, '/generate'));
    const down = lastScreen(harness);
    expect(down.method).toBe('sendMessage');
    expect(down.text).toContain('Список моделей временно недоступен');
    expect(down.buttons).toEqual(['🔁 Попробовать ещё раз|menu:generate', '🏠 Главное меню|menu:home']);
  });

  it('a type or a model pressed during the outage explains it too, instead of the generic error', async () => {
    catalogOutage();
    for (const data of ['gt:image', 'gm:203']) {
      await harness.send(callbackQuery(EN, data));
      const down = lastScreen(harness);
      expect(down.text, data).toContain('The list of models is temporarily unavailable');
      expect(down.buttons, data).toEqual(['🔁 Try again|menu:generate', '🏠 Main menu|menu:home']);
    }
    expect(harness.calls.map((c) => String(c.payload.text ?? ''))).not.toContainEqual(
      expect.stringContaining('Something went wrong'),
    );
  });
});

describe('a button that must load the catalog first', () => {
  /** Holds the catalog's answer until the test releases it, as a slow upstream would. */
  function slowCatalog() {
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
    return release;
  }

  it('is answered before the catalog arrives, and then shows the models', async () => {
    const release = slowCatalog();
    const handled = harness.send(callbackQuery(EN, 'gt:image'));
    await vi.waitFor(() => expect(harness.calls.map((c) => c.method)).toContain('answerCallbackQuery'));
    expect(harness.calls.some((c) => c.method === 'editMessageText')).toBe(false);
    release();
    await handled;
    expect(harness.calls.filter((c) => c.method === 'answerCallbackQuery')).toHaveLength(1);
    expect(lastWithButton(harness, 'gm:').text).toContain('choose a model');
  });

  it('a stale type then gets the current list (a toast is too late), a cached catalog keeps the toast', async () => {
    const release = slowCatalog();
    const handled = harness.send(callbackQuery(EN, 'gt:nonsense'));
    await vi.waitFor(() => expect(harness.calls.map((c) => c.method)).toContain('answerCallbackQuery'));
    release();
    await handled;
    expect(lastScreen(harness).text).toContain('What would you like to create');

    vi.restoreAllMocks();
    const before = harness.calls.length;
    await harness.send(callbackQuery(EN, 'gt:nonsense'));
    const answers = harness.calls.slice(before).filter((c) => c.method === 'answerCallbackQuery');
    expect(answers.map((c) => c.payload.text)).toEqual(["This button isn't active anymore."]);
  });
});

/** A model with nothing to ask: the form goes straight to pricing. */
const bareModel = modelSchema.parse({
  id: 999,
  name: 'Bare Model',
  type: 'image',
  price_usd: '0.01',
  fields: [],
  prompt: { mode: 'ignored' },
  media: { required: false, max_count: 0, accepted: [], inputs: [] },
  options_schema: [],
});

describe('the form ends without a command to type', () => {
  it('a model gone by the time the form starts: 🎨 Create and 🏠, and Create opens the list', async () => {
    vi.spyOn(harness.services.catalog, 'getModel')
      .mockResolvedValueOnce(bareModel)
      .mockResolvedValueOnce(undefined);
    await harness.send(callbackQuery(EN, 'gm:999'));
    const gone = lastScreen(harness);
    expect(gone.text).toBe("This model isn't available anymore. Choose another one below.");
    expect(gone.buttons).toEqual(['🎨 Create|menu:generate', '🏠 Main menu|menu:home']);

    await harness.send(callbackQuery(EN, 'menu:generate'));
    expect(lastScreen(harness).text).toContain('What would you like to create');
  });

  it('a model pressed in the list but gone meanwhile (the list was loaded slowly): the same screen', async () => {
    const catalog = harness.services.catalog;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.spyOn(catalog, 'getModel').mockImplementation(async () => {
      await gate;
      return undefined;
    });
    const handled = harness.send(callbackQuery(RU, 'gm:203'));
    await vi.waitFor(() => expect(harness.calls.map((c) => c.method)).toContain('answerCallbackQuery'));
    release();
    await handled;
    const gone = lastScreen(harness);
    expect(gone.text).toBe('Эта модель больше недоступна. Выберите другую — кнопка ниже.');
    expect(gone.buttons).toEqual(['🎨 Создать|menu:generate', '🏠 Главное меню|menu:home']);
  });

  it('upstream refuses and there is nothing to change: try later or another model, with buttons', async () => {
    vi.spyOn(harness.services.catalog, 'getModel').mockResolvedValue(bareModel);
    vi.spyOn(harness.services.ordering, 'prepare').mockRejectedValue(
      new ResellerError('model_unavailable', 'the model is resting'),
    );
    await harness.send(callbackQuery(RU, 'gm:999'));
    const refused = lastScreen(harness);
    expect(refused.method).toBe('sendMessage');
    expect(refused.text).toContain('Попробуйте позже или выберите другую модель.');
    expect(refused.text).not.toContain('/generate');
    expect(refused.buttons).toEqual(['🎨 Создать|menu:generate', '🏠 Главное меню|menu:home']);
  });
});

describe('Confirm on an order that cannot be placed anymore', () => {
  /** Lumen priced to its summary; returns the summary's buttons. */
  async function pricedLumen(user: typeof EN) {
    await harness.send(callbackQuery(user, 'gm:203'));
    await harness.send(textMessage(user, 'a lighthouse at dawn'));
    await harness.send(callbackQuery(user, 'g:next'));
    return lastWithButton(harness, 'o:ok:').buttons;
  }

  it('a cancelled draft: says so on the summary itself, with 🎨 Create and 🏠', async () => {
    const summary = await pricedLumen(EN);
    const confirm = summary[0]!.callback_data!;
    await harness.send(callbackQuery(EN, dataOf(summary, '✖️ Cancel')));
    await harness.send(callbackQuery(EN, confirm));
    const closed = lastScreen(harness);
    expect(closed.method).toBe('editMessageText');
    expect(closed.text).toBe(
      "This order is closed and can't be confirmed anymore. You can start a new one below.",
    );
    expect(closed.buttons).toEqual(['🎨 Create|menu:generate', '🏠 Main menu|menu:home']);
    expect(sim.requests.filter((r) => r.method === 'POST' && r.path === '/orders')).toEqual([]);
  });

  it('an order gone meanwhile: the summary is edited (no second message), with the same buttons', async () => {
    const summary = await pricedLumen(RU);
    vi.spyOn(harness.services.ordering, 'confirm').mockResolvedValueOnce({ kind: 'not_found' });
    const before = harness.calls.length;
    await harness.send(callbackQuery(RU, summary[0]!.callback_data!));
    const after = harness.calls.slice(before);
    expect(after.filter((c) => c.method === 'sendMessage')).toEqual([]);
    const stale = lastScreen(harness);
    expect(stale.method).toBe('editMessageText');
    expect(stale.text).toBe('Эта кнопка больше не активна.');
    expect(stale.buttons).toEqual(['🎨 Создать|menu:generate', '🏠 Главное меню|menu:home']);
  });
});
