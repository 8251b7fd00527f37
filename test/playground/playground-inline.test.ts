import { describe, expect, it } from 'vitest';
import { describeInlineAnswer } from '../../scripts/playground-inline.js';

describe('!inline in the playground', () => {
  it('shows each result with its caption and buttons, as Telegram would list them', () => {
    const lines = describeInlineAnswer('koi', {
      results: [
        {
          type: 'photo',
          id: 'row-1:0',
          fileId: 'AgAD',
          caption: '✨ Made with\n@bot',
          buttons: [{ text: 'Create yours', url: 'https://t.me/bot?start' }],
        },
        { type: 'video', id: 'row-2:0', fileId: 'BAAD', title: 'Vega Video', buttons: [] },
      ],
    });
    expect(lines).toEqual([
      '🔎 @bot koi: 2 results',
      '  1. 🖼 row-1:0 — ✨ Made with @bot [Create yours → https://t.me/bot?start]',
      '  2. 🎬 Vega Video',
    ]);
    expect(describeInlineAnswer('', { results: [] })).toEqual(['🔎 @bot: no results']);
  });
});
