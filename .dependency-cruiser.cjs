/**
 * The layer rules of docs/architecture.md ("Layers and the imports they may make"), checked by
 * `npm run lint`. Type-only imports count: a type names a dependency as much as a value does.
 *
 * Violations that exist today and are being worked off are listed in depcruise-baseline.json
 * (regenerate with `npm run lint:baseline` only when removing entries); anything new fails.
 */
const layer = (name) => `^src/${name}/`;

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
    {
      name: 'bot-not-workers',
      comment: 'Handlers and loops share telegram/ and services/, never each other.',
      severity: 'error',
      from: { path: layer('bot') },
      to: { path: layer('workers') },
    },
    {
      name: 'workers-not-bot',
      comment: 'Handlers and loops share telegram/ and services/, never each other.',
      severity: 'error',
      from: { path: layer('workers') },
      to: { path: layer('bot') },
    },
    {
      name: 'telegram-below-bot-and-workers',
      comment: 'telegram/ is what handlers and loops share: it knows neither of them.',
      severity: 'error',
      from: { path: layer('telegram') },
      to: { path: '^src/(bot|workers|server)/' },
    },
    {
      name: 'services-free-of-telegram',
      comment: 'Use cases know no chat: no grammY handler, no Telegram view, no loop, no HTTP route.',
      severity: 'error',
      from: { path: layer('services') },
      to: { path: '^src/(telegram|bot|workers|server)/' },
    },
    {
      name: 'domain-imports-nothing',
      comment: 'The vocabulary (stages, money, prices, ledger keys) stands on nothing else in src/.',
      severity: 'error',
      from: { path: layer('domain') },
      to: { path: '^src/', pathNot: layer('domain') },
    },
    {
      name: 'db-below-services',
      comment: 'The store serves use cases; it knows none of them and nothing of Telegram.',
      severity: 'error',
      from: { path: layer('db') },
      to: { path: '^src/(services|telegram|bot|workers|server|simulator)/' },
    },
    {
      name: 'reseller-knows-only-http',
      comment: 'The upstream client knows HTTP and the spec: no store, no use case, no Telegram.',
      severity: 'error',
      from: { path: layer('reseller') },
      to: { path: '^src/(db|services|telegram|bot|workers|server|simulator)/' },
    },
    {
      name: 'server-routes-only',
      comment: 'The HTTP server routes requests; handlers are given to it (app/routes.ts).',
      severity: 'error',
      from: { path: layer('server') },
      to: { path: '^src/(bot|workers|telegram|db)/' },
    },
    {
      name: 'only-main-uses-app',
      comment: 'app/ is the composition root: only main.ts starts it.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(main\\.ts$|app/)' },
      to: { path: layer('app') },
    },
    {
      name: 'simulator-only-for-sandbox',
      comment: 'The simulator is a stand-in upstream: only sandbox mode (upstream.ts) starts it.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(simulator/|upstream\\.ts$)' },
      to: { path: layer('simulator') },
    },
    {
      name: 'lib-is-a-leaf',
      comment: 'lib/ holds small helpers that know nothing of the product (the Logger type aside).',
      severity: 'error',
      from: { path: layer('lib') },
      to: { path: '^src/', pathNot: '^src/(lib/|logger\\.ts$)' },
    },
    {
      name: 'bot-uses-services-not-store',
      comment:
        'Handlers call one service: no repository, engine or schema, and no upstream client (records as types are fine).',
      severity: 'error',
      from: { path: layer('bot') },
      to: { path: '^src/(db/(repositories|engines|schema)/|reseller/client\\.ts$)' },
    },
    {
      name: 'bot-records-not-store',
      comment:
        'Handlers read records as types from db/records.ts, not through the store barrel that also exports the repositories (bot/index.ts takes the conversation storage).',
      severity: 'error',
      from: { path: layer('bot'), pathNot: '^src/bot/index\\.ts$' },
      to: { path: '^src/db/index\\.ts$' },
    },
    {
      name: 'no-orphans',
      comment: 'A module nothing imports is dead code (entry points excepted).',
      severity: 'warn',
      from: {
        orphan: true,
        pathNot: ['\\.d\\.ts$', '^src/main\\.ts$', '^src/simulator/main\\.ts$'],
      },
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
