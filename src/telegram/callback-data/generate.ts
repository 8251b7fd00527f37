import { buttonFamily, field } from './codec.js';

/** Model picker outside the form: `gt:<type>` lists a type's models, `gm:<id>` starts the form. */
export const modelTypeData = buttonFamily('gt', { type: field.word });
export const modelPickData = buttonFamily('gm', { id: field.int(1, 999_999_999) });

/**
 * Buttons inside the generation form, scoped to it (`g:...`). They carry indexes rather than option
 * keys or values, so any catalog fits in 64 bytes.
 */
const formAction = buttonFamily('g', {
  action: field.oneOf(['skip', 'done', 'cancel', 'next', 'back', 'prompt', 'media', 'options'] as const),
});
const formIndex = buttonFamily('g', { kind: field.oneOf(['opt', 'val'] as const), index: field.int(0, 999) });

export const FORM = {
  skip: formAction.pack({ action: 'skip' }),
  done: formAction.pack({ action: 'done' }),
  cancel: formAction.pack({ action: 'cancel' }),
  next: formAction.pack({ action: 'next' }),
  back: formAction.pack({ action: 'back' }),
  /** After upstream refused the inputs: which part to change. */
  change: {
    prompt: formAction.pack({ action: 'prompt' }),
    media: formAction.pack({ action: 'media' }),
    options: formAction.pack({ action: 'options' }),
  },
  option: (index: number) => formIndex.pack({ kind: 'opt', index }),
  value: (index: number) => formIndex.pack({ kind: 'val', index }),
} as const;

export function parseFormIndex(data: string, kind: 'opt' | 'val'): number | undefined {
  const button = formIndex.parse(data);
  return button?.kind === kind ? button.index : undefined;
}

/**
 * Buttons on a priced order: `o:<action>:<order id>:<price tag>`. The tag ties Confirm to the
 * exact price the message shows: after a re-quote, an old button cannot confirm the new price.
 */
export const orderActionData = buttonFamily('o', {
  /** ok: confirm; edit: settings; desc: description; files: the files; x: cancel. */
  a: field.oneOf(['ok', 'edit', 'desc', 'files', 'x'] as const),
  id: field.id,
  t: field.tag,
});
