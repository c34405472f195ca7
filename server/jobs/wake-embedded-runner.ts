// Wakes this process's embedded runner (embedded-runner-process.ts keeps it on globalThis) without
// importing the runner: the runner executes job bodies, job bodies start jobs, and starting a job
// wakes the runner, so an import here would close a cycle.

const holder = globalThis as typeof globalThis & { __strideJobRunner?: { wake(): void } };

export function wakeEmbeddedRunner(): void {
  holder.__strideJobRunner?.wake();
}
