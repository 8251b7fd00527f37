/**
 * The one encoding of our inline buttons: `<prefix>:<field>:<field>...`, every field checked
 * against its own pattern. `filter()` matches only well-formed data of the family (with some fields
 * fixed if asked), so a forged or truncated button reaches no handler and gets the "unhandled"
 * answer; `parse()` returns undefined for anything else and never throws; `pack()` refuses a value
 * its field would not accept and anything over Telegram's 64 bytes.
 */

/** Telegram's limit on `callback_data`, in bytes. */
export const CALLBACK_DATA_LIMIT = 64;

export interface Field<T> {
  /** A regular expression source without capturing groups. */
  readonly pattern: string;
  decode(raw: string): T | undefined;
  encode(value: T): string;
}

const text = (pattern: string): Field<string> => ({
  pattern,
  decode: (raw) => raw,
  encode: (value) => value,
});

export const field = {
  /** A row id (UUID) or any short token of letters, digits and dashes. */
  id: text('[A-Za-z0-9-]{1,40}'),
  /** A short lower-case word (a menu item, a model type, a language code). */
  word: text('[a-z_]{1,24}'),
  /** base64url, as in a price tag. */
  tag: text('[A-Za-z0-9_-]{1,16}'),
  /** One of a fixed set of words. */
  oneOf<const V extends string>(values: readonly V[]): Field<V> {
    return {
      pattern: values.map((v) => v.replace(/[^a-z0-9_]/gi, '')).join('|'),
      decode: (raw) => (values.includes(raw as V) ? (raw as V) : undefined),
      encode: (value) => value,
    };
  },
  /** A whole number from `min` to `max`. */
  int(min: number, max: number): Field<number> {
    return {
      pattern: `\\d{1,${String(max).length}}`,
      decode: (raw) => {
        const n = Number(raw);
        return Number.isSafeInteger(n) && n >= min && n <= max && String(n) === raw ? n : undefined;
      },
      encode: (value) => String(value),
    };
  },
  /** The field may be left out (only at the end). */
  optional<T>(inner: Field<T>): Field<T | undefined> & { optional: true } {
    return {
      optional: true,
      pattern: inner.pattern,
      decode: (raw) => inner.decode(raw),
      encode: (value) => (value === undefined ? '' : inner.encode(value)),
    };
  },
};

type Fields = Record<string, Field<unknown>>;
type Values<F extends Fields> = { [K in keyof F]: F[K] extends Field<infer T> ? T : never };

export interface ButtonFamily<F extends Fields> {
  readonly prefix: string;
  pack(values: Values<F>): string;
  /** Well-formed data of this family, with `fixed` fields equal to the given values. */
  filter(fixed?: Partial<Values<F>>): RegExp;
  /** The values, or undefined for data that is not a well-formed button of this family. */
  parse(data: string | undefined): Values<F> | undefined;
  /** parse() for data that matched filter(): throws only on a programming error. */
  unpack(data: string | undefined): Values<F>;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function buttonFamily<const F extends Fields>(prefix: string, fields: F): ButtonFamily<F> {
  const keys = Object.keys(fields) as (keyof F & string)[];
  const isOptional = (key: string) => 'optional' in (fields[key] as object);
  const source = (fixed: Partial<Record<string, unknown>>) =>
    `^${escapeRegExp(prefix)}${keys
      .map((key) => {
        const f = fields[key]!;
        const part = key in fixed ? escapeRegExp(f.encode(fixed[key])) : `(?:${f.pattern})`;
        return isOptional(key) ? `(?::${part})?` : `:${part}`;
      })
      .join('')}$`;
  const wellFormed = new RegExp(source({}));
  const family: ButtonFamily<F> = {
    prefix,
    pack(values) {
      const parts = [prefix];
      for (const key of keys) {
        const value = (values as Record<string, unknown>)[key];
        if (value === undefined && isOptional(key)) continue;
        parts.push(fields[key]!.encode(value));
      }
      const data = parts.join(':');
      if (!wellFormed.test(data) || family.parse(data) === undefined) {
        throw new Error(`callback data ${JSON.stringify(data)} does not fit its family "${prefix}"`);
      }
      if (Buffer.byteLength(data) > CALLBACK_DATA_LIMIT) {
        throw new Error(`callback data over ${CALLBACK_DATA_LIMIT} bytes: ${data}`);
      }
      return data;
    },
    filter(fixed = {}) {
      return new RegExp(source(fixed as Record<string, unknown>));
    },
    parse(data) {
      if (data === undefined || !wellFormed.test(data)) return undefined;
      const raw = data.slice(prefix.length + 1).split(':');
      if (data.length === prefix.length) raw.length = 0;
      const values: Record<string, unknown> = {};
      for (const [i, key] of keys.entries()) {
        const part = raw[i];
        if (part === undefined) {
          if (!isOptional(key)) return undefined;
          values[key] = undefined;
          continue;
        }
        const value = fields[key]!.decode(part);
        if (value === undefined) return undefined;
        values[key] = value;
      }
      return values as Values<F>;
    },
    unpack(data) {
      const values = family.parse(data);
      if (!values) throw new Error(`not a "${prefix}" button: ${JSON.stringify(data)}`);
      return values;
    },
  };
  return family;
}
