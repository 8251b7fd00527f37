/**
 * Buttons of an order started in a group (issue 42): the caller's card. Each names the draft (a
 * UUID); the owner is read from the store when pressed, so a bystander's press is told whose order
 * it is and changes nothing.
 */
import { buttonFamily, field } from './codec.js';

export const groupOrderData = {
  confirm: buttonFamily('go', { id: field.id }),
  /** 🔄 Another model: the same description priced on the next model a group may use. */
  another: buttonFamily('gn', { id: field.id }),
  cancel: buttonFamily('gx', { id: field.id }),
};
