/**
 * The customers' app (issue 43) opens flows in the chat by deep links (`/start a_<order id>` and
 * the like, domain/start-payload.ts): a result's Again, Change and Use as input
 * (app-result-links.ts), a model's form (app-model-links.ts). Each runs the same flow as the button
 * in the chat, with its quote, confirm and hold rules.
 */
import type { AppAction } from '../../domain/start-payload.js';
import type { BotContext } from '../context.js';
import { openModelForm } from './app-model-links.js';
import { openResultAction } from './app-result-links.js';

export async function openFromApp(
  ctx: BotContext,
  payload: { kind: AppAction; code: string },
): Promise<boolean> {
  // False: the link names nothing this customer may open, and /start shows the menu instead.
  if (payload.kind === 'model') return openModelForm(ctx, payload.code);
  return openResultAction(ctx, payload.kind, payload.code);
}
