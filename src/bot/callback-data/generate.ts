import { createCallbackData } from 'callback-data';

/** Model picker outside the form: `gt:<type>` lists a type's models, `gm:<id>` starts the form. */
export const modelTypeData = createCallbackData('gt', { type: String });
export const modelPickData = createCallbackData('gm', { id: Number });

/**
 * Buttons inside the generation form. They are plain strings scoped to the form ("g:..."),
 * and carry indexes rather than option keys or values so any catalog fits in 64 bytes.
 */
export const FORM = {
  skip: 'g:skip',
  done: 'g:done',
  cancel: 'g:cancel',
  next: 'g:next',
  back: 'g:back',
  option: (index: number) => `g:opt:${index}`,
  value: (index: number) => `g:val:${index}`,
} as const;

export function parseFormIndex(data: string, kind: 'opt' | 'val'): number | undefined {
  const match = new RegExp(`^g:${kind}:(\\d{1,3})$`).exec(data);
  return match ? Number(match[1]) : undefined;
}

/**
 * Buttons on a priced order: `o:<action>:<order id>:<price tag>`. The tag ties Confirm to the
 * exact price the message shows: after a re-quote, an old button cannot confirm the new price.
 */
export const orderActionData = createCallbackData('o', { a: String, id: String, t: String });
