/**
 * The Groups screen's real routes (groups-routes.ts) over a store, for the browser tests: the real
 * GroupsService with GROUPS as given, its clock at the seeded NOW.
 */
import { pino } from 'pino';
import type { Store } from '../../src/db/index.js';
import { groupsRoutes } from '../../src/server/miniapp/groups-routes.js';
import type { MiniAppRoute } from '../../src/server/miniapp/route.js';
import { type GroupsMode, GroupsService } from '../../src/services/groups.js';
import { NOW } from './seed.js';

export function groupsRoutesOn(
  store: Store,
  mode: GroupsMode = 'on',
): { routes: MiniAppRoute[]; service: GroupsService } {
  const service = new GroupsService({
    repo: store.groupChats,
    audit: store.audit,
    mode,
    logger: pino({ level: 'silent' }),
    now: () => NOW,
  });
  return { routes: groupsRoutes(service), service };
}
