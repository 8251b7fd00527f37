/**
 * /rules for admins, in private chats (anyone else falls through to the catch-all): the content
 * rules at a glance, and the quick edits that do not need the control room (issue 42):
 * - /rules: the blocked lines by list, the strikes that ban, how many models are gated;
 * - /rules add <line>, /rules add <tag>: <line>: blocks a word, a `word*` or a `/pattern/` for
 *   everyone or for one language's customers;
 * - /rules remove <line>: takes a line back from every list.
 * Each change is a new version of the rules, audited, like a change in the control room.
 */
import {
  CONTENT_LIMITS,
  type ContentRules,
  EVERY_LANGUAGE,
  lineProblem,
} from '../../domain/content-rules.js';
import { languageLabel, SUPPORTED_LOCALES } from '../../texts/locales.js';
import { Composer } from '../composer.js';
import type { BotContext } from '../context.js';
import { isAdmin } from './admin.js';

export const contentRulesFeature = new Composer<BotContext>();
const admins = contentRulesFeature.chatType('private').filter(isAdmin);

/**
 * Characters of a list shown in the message (within Telegram's 4,096 for every installed language's
 * list at once); the control room shows them all.
 */
const SHOWN_CHARS = 500;

function listLine(ctx: BotContext, list: string, lines: readonly string[]): string {
  let count = 0;
  let chars = 0;
  while (count < lines.length && (count === 0 || chars + lines[count]!.length <= SHOWN_CHARS))
    chars += lines[count++]!.length + 2;
  const shown = lines.slice(0, count).join(', ');
  const more = count < lines.length ? ctx.t('rules-more', { count: lines.length - count }) : '';
  return list === EVERY_LANGUAGE
    ? ctx.t('rules-list-everyone', { lines: `${shown}${more}` })
    : ctx.t('rules-list-language', { language: languageLabel(list), lines: `${shown}${more}` });
}

function summary(ctx: BotContext, version: number, rules: ContentRules): string {
  const lists = Object.entries(rules.blocked).filter(([, lines]) => lines.length > 0);
  const gated = new Set([...rules.privateOnlyModelIds.map(String), ...Object.keys(rules.minPaidOrders)]).size;
  return [
    ctx.t('rules-title', { version }),
    ...(lists.length > 0
      ? lists.map(([list, lines]) => listLine(ctx, list, lines))
      : [ctx.t('rules-list-empty')]),
    rules.strikes.limit > 0
      ? ctx.t('rules-strikes', { limit: rules.strikes.limit, hours: rules.strikes.windowHours })
      : ctx.t('rules-strikes-off'),
    ctx.t('rules-models-gated', { count: gated }),
    '',
    ctx.t('rules-help'),
  ].join('\n');
}

/** `uk: word` -> the list `uk` and the line; a line without a known tag goes to everyone's list. */
function parseTarget(text: string): { list: string; line: string } | { unknownTag: string } {
  const tagged = /^([a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*):\s*(.+)$/.exec(text);
  if (!tagged) return { list: EVERY_LANGUAGE, line: text };
  const [, tag, line] = tagged;
  if (!SUPPORTED_LOCALES.includes(tag!)) return { unknownTag: tag! };
  return { list: tag!, line: line!.trim() };
}

admins.command('rules', async (ctx) => {
  const [verb = '', ...rest] = ctx.match.trim().split(/\s+/);
  const argument = rest.join(' ').trim();
  const rules = ctx.deps.contentRules;
  if (verb === 'add' && argument !== '') {
    const target = parseTarget(argument);
    if ('unknownTag' in target) {
      await ctx.reply(
        ctx.t('rules-unknown-language', { tag: target.unknownTag, tags: SUPPORTED_LOCALES.join(', ') }),
      );
      return;
    }
    const problem = lineProblem(target.line);
    if (problem) {
      await ctx.reply(
        ctx.t(`rules-invalid-${problem.replace('_', '-')}`, {
          line: target.line,
          max: CONTENT_LIMITS.lineChars,
        }),
      );
      return;
    }
    const after = await rules.addLines(ctx.from.id, target.list, [target.line]);
    await ctx.reply(
      `${ctx.t('rules-added', { line: target.line })}\n\n${summary(ctx, after.version, after.rules)}`,
    );
    return;
  }
  if (verb === 'remove' && argument !== '') {
    const before = await rules.current();
    if (!Object.values(before.rules.blocked).some((lines) => lines.includes(argument))) {
      await ctx.reply(ctx.t('rules-not-found', { line: argument }));
      return;
    }
    const after = await rules.removeLines(ctx.from.id, [argument]);
    await ctx.reply(
      `${ctx.t('rules-removed', { line: argument })}\n\n${summary(ctx, after.version, after.rules)}`,
    );
    return;
  }
  const { version, rules: current } = await rules.current();
  await ctx.reply(summary(ctx, version, current));
});
