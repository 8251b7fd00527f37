/**
 * A refused rules document in words, each next to its field: a bad line named by its row and text
 * with why (too long, not a valid pattern, no word in it), a list with too many lines, the strikes'
 * numbers, a model's paid orders. The API's field ids never reach the screen; one the page doesn't
 * know reads as a general "reload and try again".
 */
import type { RulesDocument, RulesErrors } from '../../src/services/admin/dashboard-types.js';
import { num, t } from './i18n.js';
import type { SentLine } from './rules-draft.js';

export interface Refusals {
  /** List key → what to change in it. */
  lists: Record<string, string[]>;
  limit?: string;
  windowHours?: string;
  /** Model id → what to enter. */
  models: Record<string, string>;
  other: string[];
}

/** A long line is named by its start. */
const shortened = (line: string) => (line.length > 40 ? `${line.slice(0, 39)}…` : line);

function lineMessage(
  error: RulesErrors['errors'][number],
  sent: SentLine | undefined,
  limits: RulesDocument['limits'],
): string {
  const vars = { n: num(sent?.row ?? 0), line: shortened(sent?.line ?? '') };
  switch (error.code) {
    case 'too_long':
      return t('miniapp-rules-fix-line-too-long', { ...vars, max: num(limits.lineChars) });
    case 'bad_pattern':
      return t('miniapp-rules-fix-line-bad-pattern', vars);
    default:
      return t('miniapp-rules-fix-line-empty', vars);
  }
}

export function refusalsOf(
  errors: RulesErrors['errors'],
  sent: Record<string, SentLine[]>,
  doc: RulesDocument,
): Refusals {
  const out: Refusals = { lists: {}, models: {}, other: [] };
  const { limits } = doc;
  const toList = (list: string, message: string) => {
    out.lists[list] = [...(out.lists[list] ?? []), message];
  };
  for (const error of errors) {
    const line = /^blocked\.(.+)\[(\d+)\]$/.exec(error.field);
    const list = /^blocked\.(.+)$/.exec(error.field);
    const model = /^minPaidOrders\.(\d+)$/.exec(error.field);
    if (line && sent[line[1]!]) {
      toList(line[1]!, lineMessage(error, sent[line[1]!]![Number(line[2])], limits));
    } else if (list && sent[list[1]!]) {
      toList(list[1]!, t('miniapp-rules-fix-list', { max: num(limits.linesPerList) }));
    } else if (error.field === 'strikes.limit') {
      out.limit = t('miniapp-rules-fix-limit', { max: num(limits.maxStrikes) });
    } else if (error.field === 'strikes.windowHours') {
      out.windowHours = t('miniapp-rules-fix-window', { max: num(limits.maxWindowHours) });
    } else if (model && doc.models.some((m) => String(m.id) === model[1])) {
      out.models[model[1]!] = t('miniapp-rules-fix-paid-orders', { max: num(limits.maxPaidOrders) });
    } else {
      out.other = [t('miniapp-rules-fix-other')];
    }
  }
  // A refusal naming nothing the page knows still says what to do.
  if (errors.length === 0) out.other = [t('miniapp-rules-fix-other')];
  return out;
}
