// Entry of every pool worker (server/workers/pool.ts). Plain JavaScript that Node loads as it is
// in every way the server runs (vitest, `next dev`, `npm start` serving a Turbopack bundle): the
// TypeScript tasks are compiled here by tsx, a runtime dependency, so a worker never depends on
// where a bundler put the module that started it. Each named export is one task.
import { tsImport } from 'tsx/esm/api';

export const { parseActivityFile, prepareActivityFile, prepareStravaActivity } = await tsImport('./tasks.ts', import.meta.url);
