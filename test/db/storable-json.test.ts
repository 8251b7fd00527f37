/** What the inbox cleans out of an update before storing it (PostgreSQL's jsonb refuses U+0000). */
import { describe, expect, it } from 'vitest';
import { storableJson, storableString } from '../../src/db/storable-json.js';

describe('storableJson', () => {
  it('removes U+0000 and replaces lone surrogates in strings, keeping whole emoji', () => {
    expect(storableString('a\u0000b')).toBe('ab');
    expect(storableString('x\uD83D')).toBe('x\uFFFD');
    expect(storableString('\uDE00y')).toBe('\uFFFDy');
    expect(storableString('ok \u{1F600} \u00e9')).toBe('ok \u{1F600} \u00e9');
  });

  it('cleans every string and key, at any depth, and copies only what changed', () => {
    const clean = { update_id: 1, message: { chat: { id: 5 }, entities: [{ type: 'bold' }] } };
    const update = {
      update_id: 2,
      message: {
        text: '\u0000hi',
        entities: [{ type: 'bold' }, { url: 'x\uD800' }],
        chat: clean.message.chat,
      },
      ['k\u0000ey']: [1, null, true, 'fine'],
    };
    const stored = storableJson(update);
    expect(stored).toEqual({
      update_id: 2,
      message: { text: 'hi', entities: [{ type: 'bold' }, { url: 'x\uFFFD' }], chat: { id: 5 } },
      key: [1, null, true, 'fine'],
    });
    expect(update.message.text).toBe('\u0000hi'); // the original is untouched
    expect(stored.message.chat).toBe(update.message.chat); // unchanged parts are shared
    expect(storableJson(clean)).toBe(clean);
    expect(JSON.stringify(stored)).not.toMatch(/\\u0000|\\ud8/i);
  });
});
