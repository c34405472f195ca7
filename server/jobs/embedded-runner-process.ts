import type { Db } from '@/db/client';
import { EmbeddedRunner, type EmbeddedRunnerOptions } from './embedded-runner';

// The one embedded runner of this process, on globalThis because Next.js may load this module in
// more than one bundle of the same process.

const holder = globalThis as typeof globalThis & { __strideJobRunner?: EmbeddedRunner };

export function startEmbeddedRunner(db: Db, options?: EmbeddedRunnerOptions): EmbeddedRunner {
  holder.__strideJobRunner ??= new EmbeddedRunner(db, options);
  holder.__strideJobRunner.start();
  return holder.__strideJobRunner;
}

export async function stopEmbeddedRunner(): Promise<void> {
  const runner = holder.__strideJobRunner;
  holder.__strideJobRunner = undefined;
  await runner?.stop();
}
