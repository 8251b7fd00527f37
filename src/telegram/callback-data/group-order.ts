/**
 * Buttons of an order started in a group or as a guest (issue 42): the caller's card. Each names the
 * draft (a UUID); the owner is read from the store when pressed, so a bystander's press is told whose
 * order it is and changes nothing.
 */
import { buttonFamily, field } from './codec.js';

export const groupOrderData = {
  confirm: buttonFamily('go', { id: field.id }),
  /** 🔄 Another model: the same description priced on the next model a group may use. */
  another: buttonFamily('gn', { id: field.id }),
  cancel: buttonFamily('gx', { id: field.id }),
};

/** The same card answered to a guest query: its presses come from an inline message, with no chat. */
export const guestOrderData = {
  confirm: buttonFamily('qo', { id: field.id }),
  another: buttonFamily('qn', { id: field.id }),
  cancel: buttonFamily('qx', { id: field.id }),
};

/** The buttons a card carries: a group's or a guest's. */
export type OrderCardButtons = typeof groupOrderData;
