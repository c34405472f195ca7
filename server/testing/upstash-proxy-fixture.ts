import { Redis as IORedis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { startUpstashProxy, type UpstashProxy } from './upstash-proxy';

/**
 * For a describe block against the real Redis: an Upstash-protocol proxy in front of it plus a
 * direct client, and afterwards every key under `prefix` deleted (never FLUSHALL: other runs may
 * share the Redis). `ready` receives both once they are up.
 */
export function useUpstashProxy(options: { redisUrl: string; token: string; prefix: string }, ready: (proxy: UpstashProxy, direct: IORedis) => void): void {
  let proxy: UpstashProxy;
  let direct: IORedis;

  beforeAll(async () => {
    proxy = await startUpstashProxy({ redisUrl: options.redisUrl, token: options.token });
    direct = new IORedis(options.redisUrl);
    ready(proxy, direct);
  });

  afterAll(async () => {
    for await (const keys of direct.scanStream({ match: `${options.prefix}:*` })) {
      if ((keys as string[]).length > 0) await direct.del(...(keys as string[]));
    }
    direct.disconnect();
    await proxy.close();
  });
}
