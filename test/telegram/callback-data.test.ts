/** The one button encoding: round trips, strict parsing of forged data, Telegram's 64 bytes. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buttonFamily, CALLBACK_DATA_LIMIT, field } from '../../src/telegram/callback-data/codec.js';
import { FORM, orderActionData, parseFormIndex } from '../../src/telegram/callback-data/generate.js';
import { menuData } from '../../src/telegram/callback-data/menu.js';
import { orderButtons } from '../../src/telegram/callback-data/orders.js';
import { walletBuyData } from '../../src/telegram/callback-data/wallet.js';

const UUID = '3f2a1b4c-5d6e-4f70-8192-a3b4c5d6e7f8';

describe('button families', () => {
  it('pack and parse are inverse for every family we send', () => {
    const order = { a: 'ok' as const, id: UUID, t: 'Ab_-9xYz' };
    expect(orderActionData.parse(orderActionData.pack(order))).toEqual(order);
    expect(orderButtons.details.parse(orderButtons.details.pack({ id: UUID, page: 12 }))).toEqual({
      id: UUID,
      page: 12,
    });
    expect(walletBuyData.parse(walletBuyData.pack({ stars: 50, orderId: undefined }))).toEqual({
      stars: 50,
      orderId: undefined,
    });
    expect(walletBuyData.pack({ stars: 250, orderId: UUID })).toBe(`wb:250:${UUID}`);
    expect(menuData.pack({ item: 'home' })).toBe('menu:home');
    expect(FORM.skip).toBe('g:skip');
    expect(parseFormIndex(FORM.option(7), 'opt')).toBe(7);
    expect(parseFormIndex(FORM.option(7), 'val')).toBeUndefined();
  });

  it('forged, truncated or out-of-range data parses to undefined and matches no filter, never throws', () => {
    const forged = [
      undefined,
      '',
      'o',
      'o:ok',
      `o:ok:${UUID}`,
      `o:buy:${UUID}:tag`,
      `o:ok:${UUID}:tag:extra`,
      'o:ok:../../etc:tag',
      'menu:admin',
      'wb:0',
      'wb:00050',
      'wb:999999',
      `wb:50:${UUID}:x`,
      'od:abc:-1',
      'ol:1e3',
      'g:opt:1000',
    ];
    for (const data of forged) {
      expect(orderActionData.parse(data)).toBeUndefined();
      expect(menuData.parse(data)).toBeUndefined();
      expect(walletBuyData.parse(data)).toBeUndefined();
      expect(orderButtons.details.parse(data)).toBeUndefined();
      expect(orderButtons.list.parse(data)).toBeUndefined();
      if (data !== undefined) expect(orderActionData.filter().test(data)).toBe(false);
    }
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (data) => {
        expect(() => orderActionData.parse(data)).not.toThrow();
        expect(() => walletBuyData.parse(data)).not.toThrow();
      }),
    );
  });

  it('filter() can fix fields: the Confirm handler sees only Confirm buttons', () => {
    const confirm = orderActionData.pack({ a: 'ok', id: UUID, t: 'tag12345' });
    const cancel = orderActionData.pack({ a: 'x', id: UUID, t: 'tag12345' });
    expect(orderActionData.filter({ a: 'ok' }).test(confirm)).toBe(true);
    expect(orderActionData.filter({ a: 'ok' }).test(cancel)).toBe(false);
  });

  it('pack refuses a value its field would not accept and data over 64 bytes', () => {
    expect(() => orderButtons.list.pack({ page: -1 })).toThrow(/does not fit/);
    expect(() => menuData.pack({ item: 'nope' as 'home' })).toThrow(/does not fit/);
    const wide = buttonFamily('wide', { a: field.id, b: field.id });
    expect(() => wide.pack({ a: 'x'.repeat(30), b: 'y'.repeat(30) })).toThrow(
      new RegExp(`over ${CALLBACK_DATA_LIMIT} bytes`),
    );
  });
});
