/**
 * The layer rules of docs/architecture.md ("The parts"), checked by `npm run lint`. Type-only
 * imports count: a type names a dependency as much as a value does.
 *
 * Violations that exist today and are being worked off are listed in depcruise-baseline.json
 * (regenerate with `npm run lint:baseline` only when removing entries); anything new fails.
 */

/** A forbidden import: from modules matching `from` to modules matching `to` (minus `toNot`). */
function forbid(name, comment, from, to, toNot) {
  return {
    name,
    comment,
    severity: 'error',
    from: typeof from === 'string' ? { path: from } : from,
    to: toNot ? { path: to, pathNot: toNot } : { path: to },
  };
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import cycle ties modules together: none at all.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    forbid(
      'bot-not-workers',
      'Handlers and loops share telegram/ and services/.',
      '^src/bot/',
      '^src/workers/',
    ),
    forbid(
      'workers-not-bot',
      'Handlers and loops share telegram/ and services/.',
      '^src/workers/',
      '^src/bot/',
    ),
    forbid(
      'telegram-below-bot-and-workers',
      'telegram/ is what handlers and loops share: it knows neither of them.',
      '^src/telegram/',
      '^src/(bot|workers|server)/',
    ),
    forbid(
      'services-free-of-telegram',
      'Use cases know no chat: no grammY handler, no Telegram view, no loop, no HTTP route.',
      '^src/services/',
      '^src/(telegram|bot|workers|server)/',
    ),
    forbid(
      'domain-imports-nothing',
      'The vocabulary (stages, money, prices, ledger keys) stands on nothing else in src/.',
      '^src/domain/',
      '^src/',
      '^src/domain/',
    ),
    forbid(
      'db-below-services',
      'The store serves use cases; it knows none of them and nothing of Telegram.',
      '^src/db/',
      '^src/(services|telegram|bot|workers|server|simulator)/',
    ),
    forbid(
      'reseller-knows-only-http',
      'The upstream client knows HTTP and the spec: no store, no use case, no Telegram.',
      '^src/reseller/',
      '^src/(db|services|telegram|bot|workers|server|simulator)/',
    ),
    forbid(
      'server-routes-only',
      'The HTTP server routes requests; handlers are given to it (app/routes.ts).',
      '^src/server/',
      '^src/(bot|workers|telegram|db)/',
    ),
    forbid(
      'only-main-uses-app',
      'app/ is the composition root: only main.ts starts it.',
      { path: '^src/', pathNot: '^src/(main\\.ts$|app/)' },
      '^src/app/',
    ),
    forbid(
      'simulator-only-for-sandbox',
      'The simulator is a stand-in upstream: only sandbox mode (upstream.ts) starts it.',
      { path: '^src/', pathNot: '^src/(simulator/|upstream\\.ts$)' },
      '^src/simulator/',
    ),
    forbid(
      'lib-is-a-leaf',
      'lib/ holds small helpers that know nothing of the product (the Logger type aside).',
      '^src/lib/',
      '^src/',
      '^src/(lib/|logger\\.ts$)',
    ),
    forbid(
      'bot-uses-services-not-store',
      'Handlers call one service: no repository, engine or schema module, and no upstream client.',
      '^src/bot/',
      '^src/(db/(repositories|engines|schema)/|reseller/client\\.ts$)',
    ),
    {
      name: 'bot-records-not-store',
      comment:
        'Handlers read records as types from db/records.ts, not through the store barrel that also exports the repositories (bot/index.ts takes the conversation storage).',
      severity: 'error',
      from: { path: '^src/bot/', pathNot: '^src/bot/index\\.ts$' },
      to: { path: '^src/db/index\\.ts$' },
    },
    {
      name: 'no-orphans',
      comment: 'A module nothing imports is dead code (entry points excepted).',
      severity: 'warn',
      from: { orphan: true, pathNot: ['\\.d\\.ts$', '^src/main\\.ts$', '^src/simulator/main\\.ts$'] },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^src/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
