import type { MiddlewareFn } from 'grammy';
import { escapeVars, isSupportedLocale, type Vars } from '../../telegram/i18n.js';
import type { BaseContext } from '../context.js';

/** Installed right after the i18n plugin: makes `ctx.t` escape its variables and sets `ctx.locale`. */
export const escapeTranslationVariables: MiddlewareFn<BaseContext> = async (ctx, next) => {
  const translate = ctx.t.bind(ctx);
  const escaped = ((key: string, vars?: Vars) => translate(key, escapeVars(vars))) as BaseContext['t'];
  ctx.t = escaped;
  ctx.translate = escaped;
  const negotiated = await ctx.i18n.getLocale();
  ctx.locale = isSupportedLocale(negotiated) ? negotiated : 'en';
  if (ctx.deps.config.branding.showPrices === false) ctx.showPrices = false;
  return next();
};
