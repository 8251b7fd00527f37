/**
 * The admins' buttons. Their handlers sit behind the admin filter: for anyone else (forged data
 * included) they fall through to the catch-all like any unknown button.
 * - `bcc:<step>`: the /broadcast composer;
 * - `bcp:<action>:<broadcast id>`: the progress message (pause, resume, cancel);
 * - `usr:<action>:<user id>`: the customer card (/user);
 * - `aud:<position>[:newer]`: pages of /audit, the entries from that position on (0 is the newest),
 *   or with `newer` the ones just before it;
 * - `bts:<page>`: pages of /bots (the operator's bots, in the main bot).
 */
import { isSupportedLocale } from '../../texts/locales.js';
import { buttonFamily, type Field, field } from './codec.js';

export const COMPOSE_STEPS = [
  'discard',
  'btn_add',
  'btn_skip',
  'aud_all',
  'aud_lang',
  'aud_active',
  'aud_paying',
  'aud_ids',
  'days_7',
  'days_30',
  'days_90',
  'back',
  'send',
] as const;

/** The audience "by language": `lang_<tag>`, one for each installed language. */
export const languageStep = (locale: string) => `lang_${locale}` as const;

export type ComposeStep = (typeof COMPOSE_STEPS)[number] | ReturnType<typeof languageStep>;

/** A step, or the audience of an installed language (decided when pressed: a brand may add one). */
const composeStep: Field<ComposeStep> = {
  pattern: `${field.oneOf(COMPOSE_STEPS).pattern}|lang_[a-z]{2,3}`,
  decode: (raw) => {
    if ((COMPOSE_STEPS as readonly string[]).includes(raw)) return raw as ComposeStep;
    const locale = /^lang_([a-z]{2,3})$/.exec(raw)?.[1];
    return locale && isSupportedLocale(locale) ? languageStep(locale) : undefined;
  },
  encode: (value) => value,
};

export const composeData = buttonFamily('bcc', { step: composeStep });

export const broadcastControlData = buttonFamily('bcp', {
  action: field.oneOf(['pause', 'resume', 'cancel', 'cancel_yes', 'cancel_no'] as const),
  id: field.int(1, 2_147_483_647),
});

export const customerCardData = buttonFamily('usr', {
  action: field.oneOf(['ban', 'unban', 'orders', 'card'] as const),
  id: field.int(1, 9_999_999_999_999),
});

export const auditPageData = buttonFamily('aud', {
  at: field.int(0, 99_999),
  newer: field.optional(field.oneOf(['newer'] as const)),
});

export const botsPageData = buttonFamily('bts', { page: field.int(0, 99_999) });

/** `cmp:<campaign id>`: a campaign's days under /campaigns; 0 goes back to the list. */
export const campaignData = buttonFamily('cmp', { id: field.int(0, 2_147_483_647) });
