import { env } from '../env';
import { processValue, processValueOr, setProcessValue } from '../process-state';
import type { RateLimitBackend } from './backend';
import { createMemoryBackend, type MemoryBackend } from './memory-backend';
import { createUpstashBackend } from './upstash-backend';

// The store is chosen once from env() and kept in server/process-state.ts: Next.js may load this
// module twice (route bundles and instrumentation), and two in-process maps would each allow the
// full limit.

function backendFromEnv(): RateLimitBackend {
  const { UPSTASH_REDIS_REST_URL: url, UPSTASH_REDIS_REST_TOKEN: token } = env();
  // env.ts refuses a URL without a token, so both or neither are set here.
  return url && token ? createUpstashBackend({ url, token }) : createMemoryBackend();
}

export function currentBackend(): RateLimitBackend {
  return processValueOr('rateLimitBackend', backendFromEnv);
}

function isMemoryBackend(backend: RateLimitBackend): backend is MemoryBackend {
  return backend.kind === 'memory';
}

/** Clears in-process counters and flags, and forgets the choice so the next call re-reads env(). */
export function forgetBackendForTests(): void {
  const backend = processValue<RateLimitBackend>('rateLimitBackend');
  if (backend && isMemoryBackend(backend)) backend.clear();
  setProcessValue('rateLimitBackend', undefined);
}

/** Tests and the benchmark run the module against a backend of their choosing. */
export function useBackendForTests(backend: RateLimitBackend): void {
  setProcessValue('rateLimitBackend', backend);
}
