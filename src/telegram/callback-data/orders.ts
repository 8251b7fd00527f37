/**
 * Buttons that name a submitted order. Each carries the order row id (a UUID, never the upstream
 * id) and is checked against the chat that owns the row before anything happens.
 */
import { buttonFamily, field } from './codec.js';

const PAGE = field.int(0, 9999);

export const orderButtons = {
  /** Cancel the generation. */
  cancel: buttonFamily('oc', { id: field.id }),
  /** Try a failed generation again with the same inputs. */
  retry: buttonFamily('or', { id: field.id }),
  /** Open the order from the /orders list (and the page to go back to). */
  details: buttonFamily('od', { id: field.id, page: PAGE }),
  /** Send the results again. */
  resend: buttonFamily('os', { id: field.id }),
  /** A page of the /orders list. */
  list: buttonFamily('ol', { page: PAGE }),
};
