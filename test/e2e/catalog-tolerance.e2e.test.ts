/**
 * An upstream that reads the spec's open shapes differently from our simulator (docs/architecture.md,
 * "One odd answer never stops the bot"):
 * GET /models sends resolution prices as a list, image-count prices keyed by numbers, a pricing
 * object without `type`, money as JSON numbers, an id as a string, an option of a type we do not
 * know, a model type we do not know, and one model that cannot be read at all. Every readable model is offered and ordered at
 * its exact price; the unreadable one is absent; admins hear of it once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmOrder,
  confirmPrice,
  continueToPrice,
  openModel,
  pricedTextImage,
} from '../support/e2e/flows.js';
import { type Stack, startStack } from '../support/e2e/stack.js';
import { makeJpeg } from '../support/media-fixtures.js';
import type { ScriptedUser } from '../support/telegram/emulator.js';

const ADMIN = 7_300_001;
type Raw = Record<string, unknown> & { id: number; pricing?: Record<string, unknown> };

/** The simulator's catalog in another reading of spec 2.2, plus one model nobody can read. */
function anotherReading(models: unknown[]): unknown[] {
  const out = (structuredClone(models) as Raw[]).map((m) => {
    if (m.id === 201 && m.pricing) {
      const resolutions = m.pricing.resolutions as Record<string, Record<string, string>>;
      m.pricing.resolutions = Object.entries(resolutions).map(([resolution, e]) => ({ resolution, ...e }));
    }
    if (m.id === 202 && m.pricing) {
      const table = m.pricing.prices_by_image_count as Record<string, Record<string, string>>;
      m.pricing.prices_by_image_count = Object.fromEntries(
        Object.entries(table).map(([res, byCount]) => [res, Object.values(byCount).map(Number)]),
      );
    }
    if (m.id === 101 && m.pricing) delete m.pricing.type;
    if (m.id === 401) m.type = 'cutout';
    if (m.id === 203) return { ...m, id: '203', price_usd: 0.04 };
    if (m.id === 204) {
      (m.options_schema as unknown[]).push({ key: 'palette', type: 'color_picker', required: false });
    }
    return m;
  });
  const broken = structuredClone(out.find((m) => m.id === 301)!);
  out.push({ ...broken, id: 399, name: 'Broken Upscaler', pricing: { resolutions: 'per request' } });
  return out;
}

let stack: Stack;
let admin: ScriptedUser;

beforeAll(async () => {
  stack = await startStack({
    env: { ADMIN_IDS: String(ADMIN) },
    beforeBot: (emulator, simulator) => {
      admin = emulator.createUser({ id: ADMIN, first_name: 'Ada', language_code: 'en' });
      simulator.state.setWireRewrite(anotherReading);
    },
  });
});
afterAll(async () => {
  await stack?.close();
});

const modelButtons = async (user: ScriptedUser, type: RegExp) => {
  await user.sendCommand('generate');
  await user.waitForMessage(/What would you like to create/);
  await user.pressButton(type);
  const list = await user.waitForMessage(/choose a model/);
  return list.buttons.map((b) => b.text);
};

describe('a catalog read model by model', () => {
  it('offers every readable model and leaves out only the unreadable one', async () => {
    const user = stack.emulator.createUser({ first_name: 'Lena', language_code: 'en' });
    const images = await modelButtons(user, /Images/);
    for (const name of ['Nova Image Edit', 'Collage Composer', 'Lumen Text to Image', 'Face Swap Studio']) {
      expect(images.some((b) => b.startsWith(`${name} ·`))).toBe(true);
    }
    const upscale = await modelButtons(user, /Upscale/);
    expect(upscale.some((b) => b.startsWith('Crisp Upscaler ·'))).toBe(true);
    expect(upscale.some((b) => b.includes('Broken'))).toBe(false);
    // A type we do not know is offered under "Other", not dropped.
    const other = await modelButtons(user, /Other/);
    expect(other.some((b) => b.startsWith('Clean Cutout ·'))).toBe(true);
  });

  it('orders a model whose id and price came in another shape, at the exact price', async () => {
    const user = stack.emulator.createUser({ first_name: 'Omar', language_code: 'en' });
    const summary = await pricedTextImage(user, 'A lighthouse at night');
    expect(confirmPrice(summary)).toBe('$0.04');
    await confirmOrder(user);
    await user.waitForMessage((m) => m.kind === 'photo', { timeoutMs: 15_000 });
    const order = stack.simulator.state.listOrders().find((o) => o.prompt === 'A lighthouse at night');
    expect(order?.cost_usd).toBe('0.04');
  });

  it('prices from resolutions sent as a list, and from image-count prices sent as number tables', async () => {
    const user = stack.emulator.createUser({ first_name: 'Rey', language_code: 'en' });
    await openModel(user, 'image', 'Nova Image Edit');
    await user.waitForMessage(/Describe what you'd like/);
    await user.sendText('A red bicycle, studio light');
    await user.waitForMessage(/Photos/);
    await user.pressButton('⏭ Skip');
    await user.waitForMessage(/Settings/);
    await user.pressButton('Resolution: 1K');
    await user.waitForMessage(/Resolution: choose a value/);
    await user.pressButton('2K');
    await user.waitForMessage(/Resolution: 2K|Settings/);
    const nova = await continueToPrice(user);
    expect(confirmPrice(nova)).toBe('$0.14');
    await confirmOrder(user);

    const other = stack.emulator.createUser({ first_name: 'Sam', language_code: 'en' });
    await openModel(other, 'image', 'Collage Composer');
    await other.waitForMessage(/Describe what you'd like/);
    await other.sendText('Two friends on one beach');
    await other.waitForMessage(/Photos/);
    for (let i = 0; i < 2; i++) {
      const seq = stack.emulator.seq();
      await other.sendPhoto(makeJpeg(1024, 1024), { width: 1024, height: 1024 });
      await other.waitForMessage(new RegExp(`Got ${i + 1} of`), { after: seq, timeoutMs: 15_000 });
    }
    await other.pressButton('✅ Done');
    await other.waitForMessage(/Settings/);
    const collage = await continueToPrice(other);
    expect(confirmPrice(collage)).toBe('$0.13');
    await confirmOrder(other);
    const costs = stack.simulator.state
      .listOrders()
      .filter((o) => ['A red bicycle, studio light', 'Two friends on one beach'].includes(o.prompt ?? ''))
      .map((o) => o.cost_usd)
      .sort();
    expect(costs).toEqual(['0.13', '0.14']);
  });

  it('quotes and orders a model whose pricing came without a type', async () => {
    const user = stack.emulator.createUser({ first_name: 'Pia', language_code: 'en' });
    await openModel(user, 'video', 'Vega Video 2 Pro');
    await user.waitForMessage(/Describe what you'd like/);
    await user.sendText('Clouds over hills');
    await user.waitForMessage(/or tap Skip/);
    await user.pressButton('⏭ Skip');
    await user.waitForMessage(/📎 Videos:/);
    await user.pressButton('⏭ Skip');
    await user.waitForMessage(/Settings/);
    const summary = await continueToPrice(user);
    expect(confirmPrice(summary)).toBe('$0.20');
    await confirmOrder(user);
    const order = stack.simulator.state.listOrders().find((o) => o.prompt === 'Clouds over hills');
    expect(order?.cost_usd).toBe('0.20');
  });

  it('told the admins once about the unreadable model', async () => {
    await admin.waitForMessage(/couldn't be read[\s\S]*Broken Upscaler/, { after: 0 });
    // Every user above made the catalog be read again; the alert still came once.
    expect(admin.messages().filter((m) => /Broken Upscaler/.test(m.text ?? ''))).toHaveLength(1);
    expect(stack.bot.lines.filter((l) => /model left out/.test(l))).toHaveLength(1);
  });
});
