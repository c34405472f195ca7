import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL } from './fixtures/server-config';

// UI flows in Debian's Chromium (no bundled browser here), against a production build served by
// `npm start` on its own port with a throw-away data directory (see global-setup.ts).
export default defineConfig({
  testDir: './ui',
  outputDir: './output/results',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  workers: 1,
  fullyParallel: false,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: E2E_BASE_URL,
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
