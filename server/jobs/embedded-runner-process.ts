import type { Db } from '@/db/client';
import { onShutdown, processValue, setProcessValue } from '@/server/process-state';
import { EmbeddedRunner, type EmbeddedRunnerOptions } from './embedded-runner';

// The one embedded runner of this process (server/process-state.ts). At shutdown running jobs
// reach their next step and are handed back: their lease is released, so another instance, or
// this one after a restart, resumes them. A step that takes longer than HAND_BACK_MS is replayed
// from its start later (job bodies are idempotent).

const HAND_BACK_MS = 10_000;

export function startEmbeddedRunner(db: Db, options?: EmbeddedRunnerOptions): EmbeddedRunner {
  const runner = processValue<EmbeddedRunner>('jobRunner') ?? setProcessValue('jobRunner', new EmbeddedRunner(db, options))!;
  runner.start();
  onShutdown('jobs', 'embedded runner', () => Promise.race([stopEmbeddedRunner(), new Promise<void>((resolve) => setTimeout(resolve, HAND_BACK_MS).unref())]));
  return runner;
}

export async function stopEmbeddedRunner(): Promise<void> {
  const runner = processValue<EmbeddedRunner>('jobRunner');
  setProcessValue('jobRunner', undefined);
  await runner?.stop();
}
