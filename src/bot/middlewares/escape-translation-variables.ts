import type { MiddlewareFn } from 'grammy';
import { dateTimeFormatter } from '../../telegram/date-time.js';
import { escapeVars, isSupportedLocale, type Vars } from '../../telegram/i18n.js';
import type { BaseContext } from '../context.js';

/** Installed right after the i18n plugin: makes `ctx.t` escape its variables sets `ctx.locale` and the reader's `ctx.dateTime`/`ctx.time` (TIME_ZONE). */
export const escapeTranslationVariables: MiddlewareFn<BaseContext> = async (ctx, next) => {
  const translate = ctx.t.bind(ctx);
  const escaped = ((key: string, vars?: Vars) => translate(key, escapeVars(vars))) as BaseContext['t'];
  ctx.t = escaped;
  ctx.translate = escaped;
  const negotiated = await ctx.i18n.getLocale();
  ctx.locale = isSupportedLocale(negotiated) ? negotiated : 'en';
  const { dateTime, time } = dateTimeFormatter(ctx.locale, ctx.deps.config.timeZone);
  ctx.dateTime = dateTime;
  ctx.time = time;
  if (ctx.deps.config.branding.showPrices === false) ctx.showPrices = false;
  return next();
};
