import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

// Imports flow one way (CONTRIBUTING.md): app → transports → services → shared modules. Each layer
// lists the folders it must not import; import/no-restricted-paths resolves `@/` and relative
// paths alike. Tests and test support may reach across (a REST test imports its route file).
const APP = ['./app'];
const TRANSPORTS = ['./server/http', './server/trpc', './inngest/functions'];
const SERVICES = ['./server/services', './server/jobs'];
// Composition roots wire the layers together and sit above them: the process-wide database and
// its seed (server/runtime.ts), the start-up hook (server/boot), the test support (server/testing).
const ROOTS = ['./server/runtime.ts', './server/boot', './server/testing'];
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/test-support/**', 'server/testing/**'];

const layer = (name, files, forbidden, ignores = []) => ({
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
            message: `${name} must not import this layer: imports flow app → transports → services → shared modules (CONTRIBUTING.md).`,
          },
        ],
      },
    ],
  },
});

export const layers = [
  layer('transports', ['server/http/**', 'server/trpc/**', 'inngest/**'], APP),
  layer('services', ['server/services/**', 'server/jobs/**'], [...APP, ...TRANSPORTS, ...ROOTS]),
  layer(
    'shared modules',
    [
      'server/*.ts',
      'server/auth/**',
      'server/formats/**',
      'server/events/**',
      'server/stored-files/**',
      'server/log/**',
      'server/rate-limit/**',
      'server/strava/**',
      'server/workers/**',
      'server/util/**',
      'server/config/**',
      'db/**',
    ],
    [...APP, ...TRANSPORTS, ...SERVICES, ...ROOTS],
    ['server/runtime.ts'],
  ),
];

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
  oldReferenceSpellings,
];

export default config;
