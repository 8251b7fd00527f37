/**
 * The control room's Groups screen (issue 42): the groups the bot was added to, whether each takes
 * orders now, its generations today and its daily cap; an admin turns a group on, off or back to
 * what GROUPS says, and sets or removes its cap, as /group does in the group. Every change goes
 * through GroupsService, which audits it. A body is checked whole before anything is written.
 *
 *   GET /groups          → 200 GroupsDocument
 *   PUT /groups/:chatId  → 200 GroupsDocument | 404 unknown_group | 422 { errors: [{ field, message }] }
 */
import type {
  GroupsDocument,
  GroupsDocumentGroup,
  GroupsErrors,
} from '../../services/admin/dashboard-types.js';
import { type GroupsService, MAX_GROUP_CAP } from '../../services/groups.js';
import type { MiniAppRoute } from './route.js';

type Groups = Pick<GroupsService, 'mode' | 'overview' | 'find' | 'setEnabled' | 'setDailyCap'>;

export async function groupsDocument(groups: Groups): Promise<GroupsDocument> {
  const listed: GroupsDocumentGroup[] = [];
  for (const { group, verdict, usedToday } of await groups.overview()) {
    if (!group) continue;
    listed.push({
      chatId: group.chatId,
      title: group.title,
      member: group.member,
      enabled: group.enabled,
      open: verdict.kind === 'open',
      dailyCap: group.dailyCap,
      usedToday,
    });
  }
  return { mode: groups.mode, groups: listed, limits: { maxCap: MAX_GROUP_CAP } };
}

/** A chat id as Telegram gives it (a group's is negative), or undefined. */
function chatIdOf(param: string | undefined): number | undefined {
  if (!param || !/^-?[1-9]\d{0,15}$/.test(param)) return undefined;
  const id = Number(param);
  return Number.isSafeInteger(id) ? id : undefined;
}

type Change = { enabled?: boolean | null; dailyCap?: number | null };

function parseChange(body: unknown): { ok: true; change: Change } | { ok: false; errors: GroupsErrors } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, errors: { errors: [{ field: 'body', message: 'expected a JSON object' }] } };
  }
  const errors: GroupsErrors['errors'] = [];
  const change: Change = {};
  for (const [field, value] of Object.entries(body)) {
    if (field === 'enabled') {
      if (value === null || typeof value === 'boolean') change.enabled = value;
      else errors.push({ field, message: 'must be true, false or null (as GROUPS says)' });
    } else if (field === 'dailyCap') {
      if (value === null || (Number.isInteger(value) && value >= 1 && value <= MAX_GROUP_CAP))
        change.dailyCap = value as number | null;
      else
        errors.push({
          field,
          message: `must be a whole number from 1 to ${MAX_GROUP_CAP}, or null (no cap)`,
        });
    } else {
      errors.push({ field, message: 'unknown field' });
    }
  }
  return errors.length ? { ok: false, errors: { errors } } : { ok: true, change };
}

export function groupsRoutes(groups: Groups): MiniAppRoute[] {
  return [
    {
      method: 'GET',
      path: '/groups',
      handle: async () => ({ status: 200, json: await groupsDocument(groups) }),
    },
    {
      method: 'PUT',
      path: '/groups/:chatId',
      write: true,
      handle: async ({ adminId, params, body }) => {
        const chatId = chatIdOf(params['chatId']);
        if (chatId === undefined) return { status: 404, json: { error: 'unknown_group' } };
        const parsed = parseChange(body);
        if (!parsed.ok) return { status: 422, json: parsed.errors };
        if (!(await groups.find(chatId))) return { status: 404, json: { error: 'unknown_group' } };
        const { enabled, dailyCap } = parsed.change;
        if (enabled !== undefined) await groups.setEnabled(adminId, chatId, enabled);
        if (dailyCap !== undefined) await groups.setDailyCap(adminId, chatId, dailyCap);
        return { status: 200, json: await groupsDocument(groups) };
      },
    },
  ];
}
