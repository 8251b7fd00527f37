import type { InlineAnswer } from '../test/support/telegram/scripted-user.js';

/** What Telegram would show for `@bot <query>`: one line per result, its caption and buttons. */
export function describeInlineAnswer(query: string, answer: InlineAnswer): string[] {
  const head = `🔎 @bot ${query}`.trimEnd();
  if (answer.results.length === 0) return [`${head}: no results`];
  return [
    `${head}: ${answer.results.length} result${answer.results.length === 1 ? '' : 's'}`,
    ...answer.results.map((r, i) => {
      const caption = r.caption ? ` — ${r.caption.replace(/\s+/g, ' ')}` : '';
      const buttons = r.buttons.map((b) => ` [${b.text}${b.url ? ` → ${b.url}` : ''}]`).join('');
      return `  ${i + 1}. ${r.type === 'photo' ? '🖼' : '🎬'} ${r.title ?? r.id}${caption}${buttons}`;
    }),
  ];
}
