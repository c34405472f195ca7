import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL } from './fixtures/server-config';

// Three suites side by side against one production build served by `npm start` on its own port with
// a throw-away data directory (see global-setup.ts): `api/`, the black-box REST contract through
// Playwright's request fixture (no browser); `clients/`, the request sequences of the apps that
// already speak the API (Gadgetbridge, RunnerUp, openScale-sync, the Endurain app, the OpenTracks
// bridge, watch connectors), replayed the same way; and `ui/`, the flows in Debian's Chromium (no
// bundled browser here). `npm run test:e2e` runs all three; `--project <name>` one of them.
export default defineConfig({
  testDir: '.',
  projects: [
    { name: 'api', testDir: './api' },
    { name: 'clients', testDir: './clients' },
    { name: 'ui', testDir: './ui' },
  ],
  outputDir: './output/results',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  // Every test has its own user and client address (fixtures/test.ts), so tests run side by side,
  // not only files (a file that needs order says `mode: 'serial'`). The suite waits more than it
  // computes (5.5 min of CPU in 8 min on 2 cores): three workers, test by test, finish sooner
  // than two file by file, whose long pole was the accessibility file alone (6.5 of 8 min).
  workers: 3,
  fullyParallel: true,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    // the web app follows the browser's language: the specs read English unless they set another
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
