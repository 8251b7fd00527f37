/**
 * The control room's reports (issue 42), on its Groups screen: the figures /stats gives (reports over
 * 30 days, how many wait) and the open reports, newest first, each with where the result was posted,
 * whose it is, its model and description; an admin removes the post, bans its owner or dismisses
 * the report as the chat's buttons do (ReportsService.act, audited there, as the admin whose initData
 * signed the call). Remove takes the post away through the bot's own Api (`removePost`, given by
 * app/routes.ts: telegram/reported-post.ts). A body is checked whole before anything is done.
 *
 *   GET  /reports      → 200 ReportsDocument
 *   POST /reports/:id  { action: 'remove' | 'ban' | 'dismiss' }
 *                      → 200 ReportResolution (also when it was resolved before: as it stands)
 *                      | 404 unknown_report | 409 ReportRefusal (still open) | 422 ReportsErrors
 */
import type { Accounts } from '../../services/accounts.js';
import type {
  ReportRefusal,
  ReportResolution,
  ReportsDocument,
  ReportsDocumentAction,
  ReportsDocumentReport,
  ReportsErrors,
} from '../../services/admin/dashboard-types.js';
import type { GroupsService } from '../../services/groups.js';
import { onGuestCard, type RemovePost, type ReportsService } from '../../services/reports.js';
import type { MiniAppRoute } from './route.js';

/** Open reports the screen lists at once, newest first. */
export const SHOWN_REPORTS = 50;

export interface ReportsRoutesDeps {
  reports: Pick<ReportsService, 'figures' | 'openWithOrders' | 'reportsOf' | 'act'>;
  groups: Pick<GroupsService, 'find'>;
  accounts: Pick<Accounts, 'find'>;
  /** Takes a reported post away as the chat's 🗑 Remove does, with the bot's Api. */
  removePost: RemovePost;
}

const ACTIONS: readonly ReportsDocumentAction[] = ['remove', 'ban', 'dismiss'];

/** Looks each thing up once per document: many reports name the same owner or group. */
function once<K, V>(find: (key: K) => Promise<V>): (key: K) => Promise<V> {
  const found = new Map<K, Promise<V>>();
  return (key) => {
    let value = found.get(key);
    if (!value) {
      value = find(key);
      found.set(key, value);
    }
    return value;
  };
}

export async function reportsDocument(deps: ReportsRoutesDeps): Promise<ReportsDocument> {
  const [figures, listed] = await Promise.all([
    deps.reports.figures(30),
    deps.reports.openWithOrders(SHOWN_REPORTS + 1),
  ]);
  const shown = listed.slice(0, SHOWN_REPORTS);
  const reporters = await deps.reports.reportsOf([...new Set(shown.map((r) => r.report.orderId))]);
  const ownerOf = once((id: number) => deps.accounts.find(id));
  const groupOf = once((chatId: number) => deps.groups.find(chatId));
  const open: ReportsDocumentReport[] = [];
  for (const { report, order } of shown) {
    const owner = await ownerOf(report.ownerId);
    const prompt = order?.request.prompt;
    open.push({
      id: report.id,
      at: report.createdAt.toISOString(),
      place: onGuestCard(report)
        ? { kind: 'guest' }
        : {
            kind: 'group',
            chatId: report.chatId,
            title: (await groupOf(report.chatId))?.title ?? null,
          },
      owner: { id: report.ownerId, name: owner?.firstName ?? null },
      model: order?.modelName ?? null,
      description: typeof prompt === 'string' && prompt !== '' ? prompt : null,
      reporters: reporters.get(report.orderId) ?? 1,
    });
  }
  return { figures, open, more: listed.length > SHOWN_REPORTS, limits: { shown: SHOWN_REPORTS } };
}

/** A report id as the document gives it, or undefined. */
function reportIdOf(param: string | undefined): number | undefined {
  if (!param || !/^[1-9]\d{0,9}$/.test(param)) return undefined;
  const id = Number(param);
  return id <= 2_147_483_647 ? id : undefined;
}

function parseAction(
  body: unknown,
): { ok: true; action: ReportsDocumentAction } | { ok: false; errors: ReportsErrors } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, errors: { errors: [{ field: 'body', message: 'expected a JSON object' }] } };
  }
  const errors: ReportsErrors['errors'] = [];
  let action: ReportsDocumentAction | undefined;
  for (const [field, value] of Object.entries(body)) {
    if (field !== 'action') errors.push({ field, message: 'unknown field' });
    else if (ACTIONS.includes(value as ReportsDocumentAction)) action = value as ReportsDocumentAction;
    else errors.push({ field, message: `must be one of ${ACTIONS.join(', ')}` });
  }
  if (!action && !errors.some((e) => e.field === 'action')) {
    errors.unshift({ field: 'action', message: `required: one of ${ACTIONS.join(', ')}` });
  }
  return action && errors.length === 0 ? { ok: true, action } : { ok: false, errors: { errors } };
}

export function reportsRoutes(deps: ReportsRoutesDeps): MiniAppRoute[] {
  return [
    {
      method: 'GET',
      path: '/reports',
      handle: async () => ({ status: 200, json: await reportsDocument(deps) }),
    },
    {
      method: 'POST',
      path: '/reports/:id',
      write: true,
      handle: async ({ adminId, params, body }) => {
        const id = reportIdOf(params['id']);
        if (id === undefined) return { status: 404, json: { error: 'unknown_report' } };
        const parsed = parseAction(body);
        if (!parsed.ok) return { status: 422, json: parsed.errors };
        const outcome = await deps.reports.act(adminId, id, parsed.action, deps.removePost);
        if (outcome.kind === 'not_found') return { status: 404, json: { error: 'unknown_report' } };
        const reports = await reportsDocument(deps);
        if (outcome.kind === 'remove_failed' || outcome.kind === 'owner_is_admin') {
          return { status: 409, json: { error: outcome.kind, reports } satisfies ReportRefusal };
        }
        const { report } = outcome;
        if (report.status === 'open') throw new Error(`report ${id} still open once resolved`);
        const resolution: ReportResolution = {
          outcome: {
            id,
            status: report.status,
            guestCard: onGuestCard(report),
            already: outcome.kind === 'already',
          },
          reports,
        };
        return { status: 200, json: resolution };
      },
    },
  ];
}
