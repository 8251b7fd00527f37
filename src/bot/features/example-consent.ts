/**
 * The owner's answer about a result the bot's admins want to show as a model's example in the
 * customers' app (issue 43; the question is sent by telegram/example-consent.ts when an admin picks
 * it in the control room): ✅ Allow shows it, No, thanks keeps it hidden, and Stop showing (under
 * the message once allowed) hides it again. Only the owner's own example moves
 * (ModelExamples.answer checks it in this bot's store): a press on another customer's example, on
 * one an admin removed or answered before changes nothing and gets a short answer. The message's
 * caption then says where it stands.
 */
import type { ModelExampleRecord } from '../../db/model-example-records.js';
import type { OwnerAnswer } from '../../services/model-examples.js';
import { exampleData } from '../../telegram/callback-data/examples.js';
import { consentView } from '../../telegram/example-consent.js';
import { editIgnoringNotModified } from '../../telegram/telegram-errors.js';
import { withShownModelName } from '../../telegram/texts/model-name.js';
import { Composer } from '../composer.js';
import type { BotContext } from '../context.js';

export const exampleConsentFeature = new Composer<BotContext>();
const owners = exampleConsentFeature.chatType('private');

const ANSWERS: Record<'y' | 'n' | 's', OwnerAnswer> = { y: 'allow', n: 'decline', s: 'withdraw' };

/** The model's name as the owner reads it: an admin's name for it, else the one the order stored. */
async function modelNameOf(ctx: BotContext, example: ModelExampleRecord): Promise<string> {
  const order = example.orderId ? await ctx.deps.ordering.find(example.orderId) : undefined;
  if (!order) return ctx.deps.catalog.displayOf(example.modelId)?.name?.[ctx.locale] ?? '';
  return withShownModelName({ locale: ctx.locale }, order, (id) => ctx.deps.catalog.displayOf(id)).modelName;
}

owners.callbackQuery(exampleData.answer.filter(), async (ctx) => {
  const { a, id } = exampleData.answer.unpack(ctx.callbackQuery.data);
  const outcome = await ctx.deps.modelExamples.answer(ctx.from.id, id, ANSWERS[a]);
  if (outcome.kind === 'stale') {
    await ctx.answerCallbackQuery({ text: ctx.t('example-consent-stale') });
    // Their own example, answered before: the message shows where it stands now.
    if (outcome.example) {
      const view = consentView(ctx, outcome.example, await modelNameOf(ctx, outcome.example));
      await editIgnoringNotModified(
        ctx.editMessageCaption({
          caption: view.caption,
          reply_markup: view.keyboard ?? { inline_keyboard: [] },
        }),
      );
    }
    return;
  }
  const { example } = outcome;
  await ctx.answerCallbackQuery({ text: ctx.t(`example-consent-answer-${example.state}`) });
  const view = consentView(ctx, example, await modelNameOf(ctx, example));
  await editIgnoringNotModified(
    ctx.editMessageCaption({ caption: view.caption, reply_markup: view.keyboard ?? { inline_keyboard: [] } }),
  );
});
