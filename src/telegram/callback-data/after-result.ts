/**
 * Buttons under a delivered result (and on a finished order in /orders). Each names the order row
 * (a UUID) and nothing else: the inputs, the files and the owner are read from the store when it is
 * pressed, so a button works after a restart, on any replica, and a forged one finds nothing.
 */
import { buttonFamily, field } from './codec.js';

/** Which result file (0-based index into the order's results). */
const FILE = field.int(0, 99);

export const afterResultData = {
  /** 🔁 Again: the same inputs straight to the priced order. */
  again: buttonFamily('ra', { id: field.id }),
  /** ✏️ Change: the same form, pre-filled. */
  change: buttonFamily('rc', { id: field.id }),
  /** ➕ Use as input: the models that take this result file. */
  use: buttonFamily('ru', { id: field.id, n: FILE }),
  /** The model picked for "Use as input": its form starts with the file attached. */
  useWith: buttonFamily('rm', { id: field.id, n: FILE, m: field.int(1, 999_999_999) }),
};
