/**
 * What a store refuses in JSON: PostgreSQL's jsonb has no U+0000 (`\u0000` is an error), and a lone
 * UTF-16 surrogate (half of an emoji cut in two) is not valid Unicode for either engine's text. A
 * Telegram update may carry both (a user can type a NUL; a client can cut a string badly), so the
 * inbox stores a copy without them: NULs removed, lone surrogates replaced by U+FFFD, in every
 * string value and key. Everything else is kept as it is.
 */

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 is exactly what jsonb refuses.
const NEEDS_CLEANING = /[\u0000\uD800-\uDFFF]/;

/** `text` as a store keeps it: without U+0000, lone surrogates replaced by U+FFFD. */
export function storableString(text: string): string {
  if (!NEEDS_CLEANING.test(text)) return text;
  return text.replaceAll('\u0000', '').replace(LONE_SURROGATE, '\uFFFD');
}

/**
 * A copy of `value` (parsed JSON) every store can keep; `value` itself when nothing needed cleaning
 * (the common case costs one walk, no copy).
 */
export function storableJson<T>(value: T): T {
  return clean(value) as T;
}

function clean(value: unknown): unknown {
  if (typeof value === 'string') return storableString(value);
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, i) => {
      const cleaned = clean(item);
      if (cleaned !== item) {
        copy ??= [...value];
        copy[i] = cleaned;
      }
    });
    return copy ?? value;
  }
  if (typeof value === 'object' && value !== null) {
    let copy: Record<string, unknown> | undefined;
    for (const [key, item] of Object.entries(value)) {
      const cleanKey = storableString(key);
      const cleaned = clean(item);
      if (cleaned !== item || cleanKey !== key) {
        copy ??= { ...(value as Record<string, unknown>) };
        if (cleanKey !== key) delete copy[key];
        copy[cleanKey] = cleaned;
      }
    }
    return copy ?? value;
  }
  return value;
}
