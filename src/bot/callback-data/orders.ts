/**
 * Buttons that name a submitted order. Each carries the order row id (a UUID, never the upstream
 * id) and is checked against the chat that owns the row before anything happens:
 * - `oc:<id>` cancel the generation
 * - `or:<id>` try a failed generation again with the same inputs
 * - `od:<id>:<page>` open the order from the /orders list (page to go back to)
 * - `os:<id>` send the results again
 * - `ol:<page>` a page of the /orders list
 * Parsing is strict: forged or truncated data parses to undefined, never throws.
 */

const ID = '([A-Za-z0-9-]{1,40})';
const PAGE = '(\\d{1,4})';

export type OrderButton =
  | { kind: 'cancel'; id: string }
  | { kind: 'retry'; id: string }
  | { kind: 'details'; id: string; page: number }
  | { kind: 'resend'; id: string }
  | { kind: 'list'; page: number };

export const ORDER_BUTTON_PATTERNS = {
  cancel: new RegExp(`^oc:${ID}$`),
  retry: new RegExp(`^or:${ID}$`),
  details: new RegExp(`^od:${ID}:${PAGE}$`),
  resend: new RegExp(`^os:${ID}$`),
  list: new RegExp(`^ol:${PAGE}$`),
} as const;

export const orderButtons = {
  cancel: (id: string) => `oc:${id}`,
  retry: (id: string) => `or:${id}`,
  details: (id: string, page: number) => `od:${id}:${page}`,
  resend: (id: string) => `os:${id}`,
  list: (page: number) => `ol:${page}`,
};

export function parseOrderButton(data: string | undefined): OrderButton | undefined {
  if (!data) return undefined;
  let m = ORDER_BUTTON_PATTERNS.cancel.exec(data);
  if (m) return { kind: 'cancel', id: m[1]! };
  m = ORDER_BUTTON_PATTERNS.retry.exec(data);
  if (m) return { kind: 'retry', id: m[1]! };
  m = ORDER_BUTTON_PATTERNS.details.exec(data);
  if (m) return { kind: 'details', id: m[1]!, page: Number(m[2]) };
  m = ORDER_BUTTON_PATTERNS.resend.exec(data);
  if (m) return { kind: 'resend', id: m[1]! };
  m = ORDER_BUTTON_PATTERNS.list.exec(data);
  if (m) return { kind: 'list', page: Number(m[1]) };
  return undefined;
}
