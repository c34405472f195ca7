import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

// Imports flow one way (CONTRIBUTING.md): app → transports → jobs → services → job queue → shared
// modules. Each layer
// lists the folders it must not import; import/no-restricted-paths resolves `@/` and relative
// paths alike. Tests and test support may reach across (a REST test imports its route file).
const APP = ['./app'];
const TRANSPORTS = ['./server/http', './server/trpc', './inngest/functions'];
// Job bodies and runners call services; services start jobs through the queue below them.
const JOBS = ['./server/jobs'];
const SERVICES = ['./server/services'];
const JOB_QUEUE = ['./server/job-queue'];
// Composition roots wire the layers together and sit above them: the process-wide database and
// its seed (server/runtime.ts), the start-up hook (server/boot), the test support (server/testing),
// and the pool workers' task list (server/workers/tasks.ts: it names each domain's worker tasks).
const ROOTS = ['./server/runtime.ts', './server/boot', './server/testing', './server/workers/tasks.ts'];
// Transports are where a request or a job meets the process: they take the process-wide database
// from server/runtime.ts and hand it to a service (CONTRIBUTING.md), and import no other root.
const ROOTS_BUT_THE_DATABASE = ROOTS.filter((root) => root !== './server/runtime.ts');
const DATABASE = ['./db'];
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/test-support/**', 'server/testing/**'];

const layer = (
  name,
  files,
  forbidden,
  ignores = [],
  message = 'imports flow app → transports → jobs → services → job queue → shared modules (CONTRIBUTING.md)',
) => ({
  name: `layers/${name}`,
  files,
  ignores: [...TESTS, ...ignores],
  rules: {
    'import/no-restricted-paths': [
      'error',
      {
        zones: [
          {
            target: '.',
            from: forbidden,
            message: `${name} must not import this: ${message}.`,
          },
        ],
      },
    ],
  },
});

export const layers = [
  layer('app', ['app/**'], DATABASE, [], 'pages and route files reach the database through a transport and a service (CONTRIBUTING.md)'),
  layer('transports', ['server/http/**', 'server/trpc/**', 'inngest/**'], [...APP, ...ROOTS_BUT_THE_DATABASE]),
  layer('jobs', ['server/jobs/**'], [...APP, ...TRANSPORTS, ...ROOTS]),
  layer('services', ['server/services/**'], [...APP, ...TRANSPORTS, ...JOBS, ...ROOTS]),
  layer('job queue', ['server/job-queue/**'], [...APP, ...TRANSPORTS, ...JOBS, ...SERVICES, ...ROOTS]),
  layer(
    'shared modules',
    [
      'server/*.ts',
      'server/auth/**',
      'server/events/**',
      'server/stored-files/**',
      'server/log/**',
      'server/rate-limit/**',
      'server/strava/**',
      'server/workers/**',
      'server/util/**',
      'server/process-claim/**',
      'db/**',
    ],
    [...APP, ...TRANSPORTS, ...JOBS, ...SERVICES, ...JOB_QUEUE, ...ROOTS],
    ['server/runtime.ts', 'server/workers/tasks.ts'],
  ),
  // STYLE rule 7: parsers are pure, bytes in and plain objects out: no database
  layer('formats', ['server/formats/**'], [...APP, ...TRANSPORTS, ...JOBS, ...SERVICES, ...JOB_QUEUE, ...ROOTS, ...DATABASE]),
];

// Reads (CONTRIBUTING.md: where a read goes). run-read runs a declared read for a request: only
// the two transports call it. The engine fast-path helpers (statements prepared on the server,
// inline PGlite statements, the change feed) stay in the database module, the read machinery,
// the domains' reads.ts and ingestion; the files below use them too, each for its reason.
const RUN_READ = {
  group: ['@/server/services/reads/run-read', '**/services/reads/run-read', '**/reads/run-read', './run-read'],
  message:
    'Only the transports (server/http, server/trpc) run a read: declare it in server/services/<domain>/reads.ts and name it on a route or readProcedure.',
};
const FAST_PATH = {
  group: ['@/db/pglite-*', '@/db/prepared', '@/db/change-feed', '**/db/pglite-*', '**/db/prepared', '**/db/change-feed'],
  message:
    'The engine fast-path helpers belong to db/, server/services/reads/, server/services/*/reads.ts and server/services/ingestion/ (or the allow-list in eslint.config.mjs, with its reason).',
};
const FAST_PATH_ALLOWED = [
  'server/services/reads/**',
  'server/services/*/reads.ts',
  'server/services/ingestion/**',
  // the data directory's claim (db/pglite-claim), not a statement
  'server/process-claim/running-server.ts',
  // GET /activities: one statement prepared on the server per filter and sort shape (its read is activities/reads.ts)
  'server/services/activities/activity-page-json.ts',
  // the activity by id for every write and sub-resource (streams, laps, zones), prepared once per database
  'server/services/activities/get-activity-or-throw.ts',
  // run after each upload: the zones' figures in one inline statement
  'server/services/activities/compute-activity-hr-zones.ts',
  // run after each upload: the thumbnail's points in one inline statement
  'server/services/activities/create-activity-thumbnail.ts',
  // every upload by API key: the key's check and its use in one prepared statement
  'server/services/api-keys/authenticate-api-key.ts',
  // the archive import's dedup keys, per item, as one inline query
  'server/services/archive-import/known-activities.ts',
  // run after each upload: the efforts written in one inline statement
  'server/services/efforts/store-activity-efforts.ts',
  // run after each upload: the duplicate check in one inline statement
  'server/services/notifications/notify-duplicate-start-time.ts',
  // run after each upload: the route written in one inline statement
  'server/services/routes/store-activity-route.ts',
  // the session check of every request, kept until the change feed hears of a change
  'server/services/sessions/session-kept.ts',
  // the load recompute: the loads written in inline statements
  'server/services/training-load/write-activity-loads.ts',
  // every write: the user's webhooks, prepared once per database
  'server/services/webhooks/queue-webhook-event.ts',
];
const READ_TRANSPORTS = ['server/http/**', 'server/trpc/**'];
const restrictedImports = (name, files, patterns, ignores = []) => ({
  name: `reads/${name}`,
  files,
  ignores: [...TESTS, ...ignores],
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});
const readRules = [
  restrictedImports('run-read-and-fast-paths', ['server/**', 'app/**', 'inngest/**'], [RUN_READ, FAST_PATH], [...READ_TRANSPORTS, ...FAST_PATH_ALLOWED]),
  restrictedImports('fast-paths', READ_TRANSPORTS, [FAST_PATH]),
  restrictedImports('run-read', FAST_PATH_ALLOWED, [RUN_READ], ['server/services/reads/run-read.ts']),
];

// The formats' database ban also covers the database packages themselves.
const pureFormats = {
  name: 'layers/formats-without-drizzle',
  files: ['server/formats/**'],
  ignores: TESTS,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['drizzle-orm', 'drizzle-orm/*', 'drizzle-kit', 'postgres', '@electric-sql/*'],
            message: 'server/formats is pure (STYLE rule 7: bytes in, plain objects out): no database.',
          },
          RUN_READ,
          FAST_PATH,
        ],
      },
    ],
  },
};

// server/env.ts is the only reader of process.env in the service's code (STYLE: config is data).
// Composition roots outside it (scripts/, bench/, instrumentation.ts, next.config.mjs,
// drizzle.config.ts) start or build the service and hand the environment on to child processes.
const environmentReadOnce = {
  name: 'config/env-read-once',
  files: ['server/**', 'app/**', 'db/**', 'inngest/**'],
  ignores: [...TESTS, 'server/env.ts'],
  rules: {
    'no-restricted-properties': [
      'error',
      { object: 'process', property: 'env', message: 'Read configuration through env() of server/env.ts, the only reader of process.env.' },
    ],
  },
};

// server/clock.ts is the only reader of the system clock (its `now()` / `nowMs()`, which tests
// replace, and `systemNow()` / `systemNowMs()` for what another party's clock checks); an elapsed
// duration is `performance.now()`. Tests and test support may read the system clock.
const CLOCK_MESSAGE = 'Read the time through server/clock.ts (now(), nowMs(), or systemNow() where another party checks it).';
const oneClock = {
  name: 'clock/one-clock',
  files: ['server/**', 'app/**', 'db/**', 'inngest/**'],
  ignores: [...TESTS, 'server/clock.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message: CLOCK_MESSAGE },
      { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: CLOCK_MESSAGE },
      { selector: "CallExpression[callee.name='Date']", message: CLOCK_MESSAGE },
    ],
  },
};

// Old spellings of spec and CONTRACT references (CONTRIBUTING.md: `spec: <section>[ rule N]`, `CONTRACT: <section>`).
const oldReferenceSpellings = {
  name: 'references/one-spelling',
  rules: {
    'no-warning-comments': [
      'error',
      { terms: ['spec rule', 'spec "', '(spec ', 'spec auth mode', 'contract "', 'contract settled', 'contract.md "'], location: 'anywhere' },
    ],
  },
};

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: ['.next/**', '.next-*/**', 'node_modules/**', 'data/**', 'db/migrations/**', 'next-env.d.ts', 'e2e/output/**', 'test-results/**'] },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...layers,
  ...readRules,
  pureFormats,
  environmentReadOnce,
  oneClock,
  oldReferenceSpellings,
];

export default config;
