/**
 * The customers' app's links into the chat (issue 43), end to end (the real bot process, the
 * Telegram emulator and the upstream simulator): `/start a_<order id>` of the customer's own
 * delivered order shows the same priced summary as 🔁 Again under the result; another customer's
 * order id opens nothing but the welcome and its menu. The delivery stored a small preview of the
 * photo, which the gallery shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveredFile } from '../../src/db/records.js';
import { confirmOrder, confirmPrice, pricedTextImage } from '../support/e2e/flows.js';
import { waitForResultFiles } from '../support/e2e/handled.js';
import { type Stack, startStack } from '../support/e2e/stack.js';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

describe("the app's Again link", () => {
  it("prices the customer's own order again; another customer's id opens only the menu", async () => {
    const ann = stack.emulator.createUser({ first_name: 'Ann', language_code: 'en' });
    const summary = await pricedTextImage(ann, 'A lighthouse at dusk');
    const price = confirmPrice(summary);
    await confirmOrder(ann);
    await ann.waitForMessage((m) => m.kind === 'photo', { timeoutMs: 20_000 });
    await stack.settled();
    const upstream = stack.simulator.state.listOrders().at(-1)!;
    await waitForResultFiles(stack.database, upstream.id);
    const [row] = await stack.database.query<{ id: string; files: string | DeliveredFile[] }>`
      select id, result_files_json as files from orders where upstream_order_id = ${upstream.id}`;
    const files = (typeof row!.files === 'string' ? JSON.parse(row!.files) : row!.files) as DeliveredFile[];
    // The preview is one of the smaller sizes Telegram returned with the photo, not the photo itself.
    expect(files[0]!.preview?.fileId).toBeDefined();
    expect(files[0]!.preview!.fileId).not.toBe(files[0]!.fileId);
    expect(Math.max(files[0]!.preview!.width!, files[0]!.preview!.height!)).toBeLessThanOrEqual(320);

    const before = ann.messages().length;
    await ann.sendCommand('start', `a_${row!.id}`);
    const again = await ann.waitForMessage(/Check your order/, { timeoutMs: 15_000 });
    expect(confirmPrice(again)).toBe(price);
    expect(again.text).toContain('A lighthouse at dusk');
    expect(
      ann
        .messages()
        .slice(before)
        .some((m) => /Welcome to/.test(m.text ?? '')),
    ).toBe(false);

    const bob = stack.emulator.createUser({ first_name: 'Bob', language_code: 'en' });
    await bob.sendCommand('start', `a_${row!.id}`);
    const menu = await bob.waitForMessage(/Welcome to/, { timeoutMs: 15_000 });
    expect(menu.buttons.length).toBeGreaterThan(0);
    await stack.settled();
    expect(bob.messages().some((m) => /Check your order|lighthouse/.test(m.text ?? ''))).toBe(false);
    // A forged id is the menu too.
    await ann.sendCommand('start', 'h_00000000-0000-0000-0000-000000000000');
    await ann.waitForMessage(/Welcome to|What would you like/, { timeoutMs: 15_000 });
  });
});
