import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  resolve: {
    alias: [
      // every REST answer a test sees is checked against the OpenAPI document first
      { find: /^@\/server\/http\/routes$/, replacement: fileURLToPath(new URL('./server/testing/validated-routes.ts', import.meta.url)) },
      { find: '@', replacement: fileURLToPath(new URL('./', import.meta.url)) },
    ],
  },
  test: {
    include: ['server/**/*.test.ts', 'i18n/**/*.test.ts', 'db/**/*.test.ts', 'inngest/**/*.test.ts', 'app/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // PGlite instances are heavy (WASM PostgreSQL): keep parallel files few on a 2-core machine.
    maxWorkers: 2,
  },
});
