/**
 * Keys the code builds from a value (`wallet-what-${kind}`, `orders-status-${key}`, ...) exist in
 * every language for every value the code can hold. A missing one shows the customer a raw
 * `{wallet-what-referral}`; the locale tests can't catch it, since they only check keys that exist.
 * When a family gains a value, its list here fails to compile (`satisfies Record<Union, true>`) or
 * is taken from the code's own array, so the new value's key is checked too.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { helpCommands } from '../../src/bot/commands.js';
import { KNOWN_ACTIONS } from '../../src/bot/features/audit.js';
import { BROADCAST_STATUSES, WALLET_ENTRY_KINDS } from '../../src/db/records.js';
import type { SettingChange } from '../../src/domain/live-settings.js';
import { ORDER_STATUSES } from '../../src/domain/order-state.js';
import type { RedemptionOutcome } from '../../src/domain/promo-code.js';
import { REMINDER_RULES } from '../../src/domain/reminders.js';
import { API_ERROR_CODES } from '../../src/reseller/schemas.js';
import type { MediaRelayErrorCode } from '../../src/services/media-relay.js';
import type { MediaKind } from '../../src/services/model-form.js';
import type { PlanCheckoutRefusal } from '../../src/services/subscriptions.js';
import type { UpstreamKeyOutcome } from '../../src/services/upstream-key.js';
import type { CheckoutRefusal } from '../../src/services/wallet/wallet.js';
import { LOCALES_DIR, SUPPORTED_LOCALES } from '../../src/telegram/i18n.js';

const keysOf = (locale: string) =>
  new Set(
    [...readFileSync(join(LOCALES_DIR, `${locale}.ftl`), 'utf8').matchAll(/^([a-z][a-z0-9_-]*)\s*=/gm)].map(
      (m) => m[1]!,
    ),
  );
const dashed = (value: string) => value.replace(/_/g, '-');
const all = <T extends string>(record: Record<T, true>) => Object.keys(record) as T[];

type Field = SettingChange['field'];
type InvalidReason = 'not_a_number' | 'not_an_integer' | 'below_min' | 'above_max' | 'off_step' | 'empty';

/** Each family: the key the code builds (src/ file in the comment) for each value it can hold. */
const FAMILIES: Record<string, string[]> = {
  // bot/features/wallet.ts
  'wallet-what-*': WALLET_ENTRY_KINDS.map((kind) => `wallet-what-${kind}`),
  // telegram/order-status.ts
  'order-status-*': ORDER_STATUSES.map((status) => `order-status-${status}`),
  // bot/features/orders.ts statusKey, bot/features/customer-card.ts
  'orders-status-*': [...ORDER_STATUSES, 'lost', 'undelivered'].map((key) => `orders-status-${key}`),
  // telegram/broadcast-view.ts
  'broadcast-state-*': BROADCAST_STATUSES.map((status) => `broadcast-state-${status}`),
  // telegram/texts/upstream-errors.ts
  'upstream-error-*': [...API_ERROR_CODES, 'network_error', 'timeout', 'bad_response', 'unknown'].map(
    (code) => `upstream-error-${dashed(code)}`,
  ),
  // bot/features/payments.ts (a top-up's refusal or a plan's)
  'checkout-*': all<CheckoutRefusal | PlanCheckoutRefusal>({
    unknown_invoice: true,
    already_paid: true,
    wrong_amount: true,
    other_user: true,
    already_subscribed: true,
    payment_pending: true,
  }).map((reason) => `checkout-${dashed(reason)}`),
  // bot/features/payments.ts: a plan's invoice refused (the plan-only refusals have the plain key)
  'checkout-plan-*': all<Exclude<PlanCheckoutRefusal, 'already_subscribed' | 'payment_pending'>>({
    unknown_invoice: true,
    wrong_amount: true,
    other_user: true,
  }).map((reason) => `checkout-plan-${dashed(reason)}`),
  // bot/features/promo.ts (every outcome but `redeemed`, which has its own text)
  'promo-*': all<Exclude<RedemptionOutcome['kind'], 'redeemed'> | 'throttled'>({
    unknown: true,
    used_up: true,
    expired: true,
    disabled: true,
    already: true,
    throttled: true,
  }).map((kind) => `promo-${dashed(kind)}`),
  // bot/features/promo.ts codeState
  'admin-promo-state-*': ['on', 'off', 'expired', 'used-up'].map((state) => `admin-promo-state-${state}`),
  // bot/features/promo.ts /promo_off (PromoCodes.disable)
  'admin-promo-off-*': ['disabled', 'already', 'unknown'].map((outcome) => `admin-promo-off-${outcome}`),
  // bot/features/audit.ts
  'admin-audit-*': [...KNOWN_ACTIONS].map((action) => `admin-audit-${dashed(action)}`),
  // telegram/texts/settings-audit.ts
  'live-settings-field-*': all<Field>({
    offered: true,
    name: true,
    description: true,
    price: true,
    markup: true,
    welcome: true,
    packs: true,
    reminders: true,
  }).map((field) => `live-settings-field-${field}`),
  // telegram/texts/settings-audit.ts: the reminder rules a live change names
  'live-settings-value-reminder-*': REMINDER_RULES.map(
    (rule) => `live-settings-value-reminder-${dashed(rule)}`,
  ),
  // bot/conversations/generate/media-step.ts
  'gen-media-kind-*': all<MediaKind>({ image: true, video: true, any: true }).map(
    (kind) => `gen-media-kind-${kind}`,
  ),
  'gen-media-relay-*': all<Exclude<MediaRelayErrorCode, 'aborted'>>({
    too_big_for_telegram: true,
    telegram_download_failed: true,
    upload_failed: true,
    upload_not_ready: true,
    content_mismatch: true,
  }).map((code) => `gen-media-relay-${dashed(code)}`),
  // bot/conversations/generate/options-step.ts (services/model-form.ts reasons)
  'gen-option-invalid-*': all<InvalidReason>({
    not_a_number: true,
    not_an_integer: true,
    below_min: true,
    above_max: true,
    off_step: true,
    empty: true,
  }).map((reason) => `gen-option-invalid-${dashed(reason)}`),
  // bot/commands.ts: every command of every list, customer and admin
  'command-* / admin-command-*': [
    ...helpCommands(true, true, true, true, true, 'admins'),
    ...helpCommands(true, false, true, true, true, 'everyone'),
    // An added bot's admin (not the operator's bot)
    ...helpCommands(true, true, true, true, false, 'off'),
  ].map((c) => c.descriptionKey),
  // bot/features/upstream-key.ts: every outcome, and which account the bot uses
  'upstream-key-*': [
    ...all<UpstreamKeyOutcome['kind']>({
      set: true,
      cleared: true,
      already_shared: true,
      malformed: true,
      main: true,
      no_secret: true,
      in_flight: true,
      refused: true,
      unreachable: true,
    }).map((kind) => `upstream-key-${dashed(kind)}`),
    'upstream-key-current-own',
    'upstream-key-current-shared',
  ],
};

describe('keys built from a value', () => {
  for (const locale of SUPPORTED_LOCALES) {
    const keys = keysOf(locale);
    for (const [family, wanted] of Object.entries(FAMILIES)) {
      it(`${locale}: ${family} has a text for every value`, () => {
        expect(wanted.length).toBeGreaterThan(0);
        expect(wanted.filter((key) => !keys.has(key))).toEqual([]);
      });
    }
  }
});
