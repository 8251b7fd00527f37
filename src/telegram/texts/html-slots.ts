/**
 * A text whose variables are partly HTML already (a line built from other texts): plain variables
 * are escaped by `t` as always, the HTML ones go in unescaped, so nothing is escaped twice.
 */
import type { Texts } from '../i18n.js';

type Vars = Record<string, string | number | Date>;

export function withHtml(
  texts: Pick<Texts, 't'>,
  key: string,
  vars: Vars,
  html: Record<string, string>,
): string {
  const slots = Object.entries(html).map(([name, value], i) => ({
    name,
    value,
    // Private-use characters: never in a text, untouched by escaping and by Fluent.
    mark: String.fromCharCode(0xe000 + i),
  }));
  let text = texts.t(key, { ...vars, ...Object.fromEntries(slots.map((s) => [s.name, s.mark])) });
  for (const slot of slots) text = text.replace(slot.mark, () => slot.value);
  return text;
}
