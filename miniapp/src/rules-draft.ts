/**
 * The Rules screen's form as typed, and the document it sends. Lines are sent as the server keeps
 * them (trimmed, blank ones and repeats dropped), so the index in a refusal (`blocked.uk[3]`) points
 * at a line sent here, and through it at the row the admin typed it on. Only what the form shows is
 * sent: the lists of installed languages, and models still in the catalog.
 */
import type { RulesDocument } from '../../src/services/admin/dashboard-types.js';

/** The list for every customer (domain/content-rules.ts EVERY_LANGUAGE). */
export const EVERYONE = '*';

export interface Draft {
  /** List key → its textarea's text. */
  lists: Record<string, string>;
  limit: string;
  windowHours: string;
  privateOnly: ReadonlySet<number>;
  /** Model id → paid orders needed, as typed ('' is none). */
  paidOrders: Record<string, string>;
}

/** A line as sent, and its row in the textarea (1 is the first). */
export interface SentLine {
  line: string;
  row: number;
}

export const listKeys = (doc: RulesDocument): string[] => [EVERYONE, ...doc.languages.map((l) => l.tag)];

export function draftOf(doc: RulesDocument): Draft {
  const { rules } = doc;
  return {
    lists: Object.fromEntries(listKeys(doc).map((key) => [key, (rules.blocked[key] ?? []).join('\n')])),
    limit: String(rules.strikes.limit),
    windowHours: String(rules.strikes.windowHours),
    privateOnly: new Set(rules.privateOnlyModelIds),
    paidOrders: Object.fromEntries(
      Object.entries(rules.minPaidOrders)
        .filter(([, n]) => n > 0)
        .map(([id, n]) => [id, String(n)]),
    ),
  };
}

/** The lines a textarea holds, as the server keeps them, each with the row it was typed on. */
export function linesOf(text: string): SentLine[] {
  const seen = new Set<string>();
  const out: SentLine[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || seen.has(line)) return;
    seen.add(line);
    out.push({ line, row: i + 1 });
  });
  return out;
}

/** A number as typed; anything else is sent as it is, and the server says what to enter. */
function numberOf(text: string): number | string | null {
  const s = text.trim();
  if (s === '') return null;
  return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : s;
}

export function bodyOf(
  draft: Draft,
  doc: RulesDocument,
): { body: Record<string, unknown>; sent: Record<string, SentLine[]> } {
  const sent = Object.fromEntries(listKeys(doc).map((key) => [key, linesOf(draft.lists[key] ?? '')]));
  const models = new Set(doc.models.map((m) => m.id));
  const minPaidOrders: Record<string, unknown> = {};
  for (const [id, typed] of Object.entries(draft.paidOrders)) {
    if (models.has(Number(id)) && typed.trim() !== '') minPaidOrders[id] = numberOf(typed);
  }
  return {
    sent,
    body: {
      version: doc.version,
      blocked: Object.fromEntries(
        Object.entries(sent).map(([key, lines]) => [key, lines.map((l) => l.line)]),
      ),
      privateOnlyModelIds: [...draft.privateOnly].filter((id) => models.has(id)).sort((a, b) => a - b),
      minPaidOrders,
      strikes: { limit: numberOf(draft.limit), windowHours: numberOf(draft.windowHours) },
    },
  };
}
