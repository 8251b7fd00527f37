/**
 * The customers' app's Models and Wallet endpoints (issue 43) on a real bot's services, over HTTP,
 * on every engine: the models and prices are the chat menu's and what the chat charges this customer
 * (a price override, a plan customer), a hidden model is absent; the wallet shows this customer's own
 * figures only (never another customer's, never another bot's); an invoice is made for a listed pack
 * or a plan only, as the chat makes it; a promo code is redeemed once; without Stars billing the
 * wallet's endpoints are 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeOn } from '../../../src/db/index.js';
import { planPayload } from '../../../src/domain/subscription.js';
import type { AppModels } from '../../../src/services/app/models-types.js';
import type { AppWallet } from '../../../src/services/app/wallet-types.js';
import { catalogPrice } from '../../../src/services/pricing.js';
import { modelTypeData, orderActionData } from '../../../src/telegram/callback-data/generate.js';
import { availableEngines } from '../../support/databases.js';
import { callbackQuery, textMessage } from '../../support/in-process-bot.js';
import { buttonsOf, STARS_ENV } from '../../support/in-process-helpers.js';
import { type AppHarness, startAppHarness } from './app-wallet-harness.js';

const ANN = { id: 7101, language_code: 'en' };
const BOB = { id: 7102, language_code: 'en' };
const PLAN = { id: 7103, language_code: 'en' };
const LUMEN = 203;
const UPSCALER = 301;
const DAY = 86_400_000;

/** Amounts are written with a no-break space ("⭐\u00a050"): what the page writes too. */
const starsText = (n: number) => `⭐\u00a0${n.toLocaleString('en')}`;

describe.each(availableEngines())('the Models and Wallet endpoints on %s', (engine) => {
  let app: AppHarness;

  beforeAll(async () => {
    app = await startAppHarness({ engine });
    for (const user of [ANN, BOB, PLAN]) await app.bot.send(textMessage(user, '/start'));
    const settings = app.bot.services.liveSettings;
    // A fixed price on Lumen, the upscaler hidden: both live settings, as admins set them.
    await settings.updateModel(1, { id: LUMEN, name: 'Lumen' }, settings.current().version, {
      price: { kind: 'fixed', stars: 9 },
      name: { en: 'Aurora <Studio>' },
      description: { en: 'Pictures from words & more' },
    });
    await settings.updateModel(1, { id: UPSCALER, name: 'Crisp' }, settings.current().version, {
      offered: false,
    });
    await settings.load();
    // PLAN pays for the pro plan: its allowance pays first.
    await app.bot.services.subscriptions!.recordPayment({
      chargeId: 'plan-charge-1',
      userId: PLAN.id,
      stars: 450,
      payload: planPayload('pro', PLAN.id),
      expiresAt: new Date(Date.now() + 30 * DAY),
      first: true,
    });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  /** The chat's model menu, every group, as "name · price" lines (what a customer reads there). */
  async function chatMenu(user: { id: number; language_code: string }): Promise<string[]> {
    const groups = await app.bot.services.catalog.groups();
    const lines: string[] = [];
    for (const group of groups) {
      await app.bot.send(callbackQuery(user, modelTypeData.pack({ type: group.type })));
      const menu = app.bot.calls.findLast((c) => c.method === 'editMessageText')!;
      lines.push(
        ...buttonsOf(menu.payload)
          .filter((b) => b.callback_data?.startsWith('gm:'))
          .map((b) => b.text),
      );
    }
    return lines;
  }

  /** What the chat charges `user` for a plain Lumen request: the priced draft of its form. */
  async function chatPriceOfLumen(user: { id: number; language_code: string }): Promise<number | null> {
    await app.bot.send(callbackQuery(user, `gm:${LUMEN}`));
    await app.bot.send(textMessage(user, 'a lighthouse at dawn'));
    await app.bot.send(callbackQuery(user, 'g:next'));
    const summary = app.bot.calls.findLast((c) =>
      buttonsOf(c.payload).some((b) => b.callback_data?.startsWith('o:ok:')),
    )!;
    const confirm = buttonsOf(summary.payload).find((b) => b.callback_data?.startsWith('o:ok:'))!;
    // The draft the Confirm button is bound to: its price is what confirming holds.
    const { id } = orderActionData.unpack(confirm.callback_data!);
    return (await app.bot.services.orders.find(id))!.priceStars;
  }

  it("lists the chat menu's models in its order with the price it shows, a hidden one absent", async () => {
    const { status, json } = await app.get('/models', ANN.id);
    expect(status).toBe(200);
    const { models, planStarsLeft } = json as AppModels;
    expect(planStarsLeft).toBeNull();
    expect(models.map((m) => m.id)).not.toContain(UPSCALER);
    const shown = models.map((m) => {
      const amount = m.price!.stars !== undefined ? starsText(m.price!.stars) : m.price!.usd;
      return `${m.name} · ${m.price!.kind === 'from' ? `from ${amount}` : amount}`;
    });
    expect(shown).toEqual(await chatMenu(ANN));
    const lumen = models.find((m) => m.id === LUMEN)!;
    expect(lumen).toMatchObject({
      name: 'Aurora <Studio>',
      description: 'Pictures from words & more',
      type: 'image',
      price: { kind: 'exact', stars: 9 },
      quoted: false,
      takes: { text: 'required', photos: null, videos: null, files: null },
    });
    // Every other price is the pricing service's own answer for the catalog amount, in whole Stars.
    const pricing = app.bot.services.wallet!.pricing;
    for (const model of await app.bot.services.catalog.getModels()) {
      const listed = models.find((m) => m.id === model.id);
      if (!listed || model.id === LUMEN) continue;
      expect(listed.price?.stars, model.name).toBe(pricing.starsFor(model.id, catalogPrice(model).amountUsd));
      expect(Number.isInteger(listed.price?.stars)).toBe(true);
    }
    // A quoted model says so; a model with two photo inputs counts both.
    expect(models.find((m) => m.id === 101)).toMatchObject({ quoted: true, price: { kind: 'from' } });
    expect(models.find((m) => m.id === 204)?.takes).toMatchObject({ text: null, photos: { min: 2, max: 2 } });
  });

  it('marks a model kept for regular customers with the paid generations that open it, as the chat refuses it', async () => {
    const rules = app.bot.services.contentRules;
    const before = await rules.current();
    const kept = 204;
    const set = await rules.update(1, before.version, {
      ...before.rules,
      minPaidOrders: { ...before.rules.minPaidOrders, [kept]: 3 },
    });
    expect(set.kind).toBe('written');
    try {
      const { models } = (await app.get('/models', ANN.id)).json as AppModels;
      expect(models.find((m) => m.id === kept)?.locked).toEqual({ needed: 3, have: 0 });
      expect(models.filter((m) => m.id !== kept).every((m) => m.locked === null)).toBe(true);
      // The chat lists it too, and says the same when it is chosen.
      expect(await rules.gate(ANN.id, kept, 'private')).toEqual({ kind: 'paid_orders', needed: 3, have: 0 });
    } finally {
      const now = await rules.current();
      await rules.update(1, now.version, before.rules);
    }
  });

  it('charges in the chat exactly the price the app shows, a plan customer too', async () => {
    const ann = (await app.get('/models', ANN.id)).json as AppModels;
    const plan = (await app.get('/models', PLAN.id)).json as AppModels;
    const annLumen = ann.models.find((m) => m.id === LUMEN)!.price!.stars;
    expect(plan.models.find((m) => m.id === LUMEN)!.price!.stars).toBe(annLumen);
    expect(plan.planStarsLeft).toBe(600);
    expect(await chatPriceOfLumen(ANN)).toBe(annLumen);
    expect(await chatPriceOfLumen(PLAN)).toBe(annLumen);
  });

  it("shows a customer's own wallet only: not another customer's, not another bot's", async () => {
    const { wallet, admin } = app.bot.services;
    const { payload } = await wallet!.createTopup(ANN.id, ANN.id, 100, null);
    await wallet!.creditPayment({ chargeId: 'ann-charge-1', userId: ANN.id, stars: 100, payload });
    await admin.wallet!.grant({ userId: ANN.id, stars: 15, adminId: 1, reason: null, key: 'grant:ann' });
    await admin.wallet!.grant({ userId: BOB.id, stars: 7000, adminId: 1, reason: null, key: 'grant:bob' });
    // The same customer in another bot on the same database: none of it is this bot's.
    const shop = storeOn(app.bot.store.engine, { bot: 2 });
    await shop.users.touch({ id: ANN.id, firstName: 'Ann elsewhere', username: 'ann' }, false);
    await shop.wallet.book({
      key: 'grant:shop-ann',
      userId: ANN.id,
      kind: 'grant',
      delta: 5000,
      stars: 5000,
    });

    const { status, json } = await app.get('/wallet', ANN.id);
    expect(status).toBe(200);
    const view = json as AppWallet;
    expect(view).toMatchObject({
      balance: 115,
      paidStars: 100,
      grantedStars: 15,
      plan: null,
      packs: [50, 100, 250],
      plans: [{ id: 'pro', name: 'Pro', priceStars: 450, allowanceStars: 600 }],
      promo: true,
    });
    expect(view.movements.map((m) => [m.kind, m.delta])).toEqual([
      ['grant', 15],
      ['topup', 100],
    ]);
    expect(view.invite).toMatchObject({ joined: 0, paid: 0, earnedStars: 0, bonusStars: 20, percent: 10 });
    expect(view.invite!.link).toMatch(/^https:\/\/t\.me\/test_bot\?start=r_[\w-]{8}$/);
    expect(JSON.stringify(view)).not.toMatch(/7000|5000/);

    const plan = (await app.get('/wallet', PLAN.id)).json as AppWallet;
    expect(plan.plan).toMatchObject({ name: 'Pro', starsLeft: 600, renews: true });
    expect(plan.balance).toBe(600);
    // A subscriber is not sold a second plan.
    expect(plan.plans).toEqual([]);
  });

  it('makes an invoice link for a listed pack or a plan, as the chat does; anything else is 422', async () => {
    const made = () => app.bot.calls.filter((c) => c.method === 'createInvoiceLink');
    const before = made().length;
    const pack = await app.post('/invoice', BOB.id, { stars: 100 });
    expect(pack.status).toBe(200);
    expect((pack.json as { url: string }).url).toMatch(/^https:\/\/t\.me\/\$invoice-/);
    const call = made().at(-1)!.payload;
    expect(call).toMatchObject({
      title: '⭐\u00a0100 for generations',
      currency: 'XTR',
      provider_token: '',
      prices: [{ label: 'Wallet top-up', amount: 100 }],
    });
    // The wallet's own pending top-up for Bob: the payment that comes back is his, at this amount.
    const checkout = await app.bot.services.wallet!.checkCheckout({
      payload: String(call.payload),
      userId: BOB.id,
      currency: 'XTR',
      totalAmount: 100,
    });
    expect(checkout).toEqual({ ok: true });

    for (const body of [
      { stars: 99 },
      { stars: 100.5 },
      { stars: '100' },
      { plan: 'max' },
      {},
      { stars: 50, plan: 'pro' },
    ]) {
      expect((await app.post('/invoice', BOB.id, body)).status, JSON.stringify(body)).toBe(422);
    }
    const plan = await app.post('/invoice', BOB.id, { plan: 'pro' });
    expect(plan.status).toBe(200);
    expect(made().at(-1)!.payload).toMatchObject({
      title: 'Pro subscription',
      currency: 'XTR',
      subscription_period: 2_592_000,
      prices: [{ label: 'Pro', amount: 450 }],
    });
    expect(String(made().at(-1)!.payload.payload)).toMatch(new RegExp(`^s:pro:${BOB.id}`));
    expect((await app.post('/invoice', PLAN.id, { plan: 'pro' })).status).toBe(409);
    expect(made().length).toBe(before + 2);
  });

  it('redeems a promo code once: granted Stars, and the second time says so', async () => {
    await app.bot.services.promo!.create(1, { code: 'SPRING25', stars: 25, uses: 10, days: null });
    const first = await app.post('/promo', BOB.id, { code: 'spring25' });
    expect(first).toEqual({ status: 200, json: { kind: 'redeemed', stars: 25, balance: 7025 } });
    expect((await app.post('/promo', BOB.id, { code: 'SPRING25' })).json).toEqual({ kind: 'already' });
    expect((await app.post('/promo', BOB.id, { code: 'NOSUCHCODE' })).json).toEqual({ kind: 'unknown' });
    expect((await app.post('/promo', BOB.id, { code: '' })).status).toBe(422);
    const bob = (await app.get('/wallet', BOB.id)).json as AppWallet;
    expect(bob.grantedStars).toBe(7025);
    expect(bob.paidStars).toBe(0);
  });
});

describe('without Stars billing', () => {
  let app: AppHarness;
  beforeAll(async () => {
    const { BILLING: _billing, STARS_PER_USD: _rate, ...free } = STARS_ENV;
    app = await startAppHarness({ engine: 'sqlite', env: free });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('the wallet, invoices and promo codes are 404; models have no Stars prices', async () => {
    expect((await app.get('/wallet', ANN.id)).status).toBe(404);
    expect((await app.post('/invoice', ANN.id, { stars: 100 })).status).toBe(404);
    expect((await app.post('/promo', ANN.id, { code: 'SPRING25' })).status).toBe(404);
    expect((await app.get('/profile', ANN.id)).json).toMatchObject({ wallet: false });
    const { models } = (await app.get('/models', ANN.id)).json as AppModels;
    expect(models.length).toBeGreaterThan(0);
    // A free bot shows no prices by default (SHOW_PRICES follows billing), as its chat does.
    expect(models.every((m) => m.price === null)).toBe(true);
    expect(app.bot.calls.filter((c) => c.method === 'createInvoiceLink')).toEqual([]);
  });
});
