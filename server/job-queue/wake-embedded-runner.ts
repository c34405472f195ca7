import { processValue } from '@/server/process-state';

// Wakes this process's embedded runner (server/process-state.ts) without importing the runner:
// the runner executes job bodies, job bodies start jobs, and starting a job wakes the runner, so
// an import here would close a cycle.

export function wakeEmbeddedRunner(): void {
  processValue<{ wake(): void }>('jobRunner')?.wake();
}
