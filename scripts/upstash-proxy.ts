import { parseArgs } from 'node:util';
import { startUpstashProxy } from '../server/testing/upstash-proxy';

// Serves the Upstash REST protocol in front of a plain Redis, so UPSTASH_REDIS_REST_URL/TOKEN can
// point at your own Redis (e2e and CI runs, or a self-hosted setup without an Upstash container):
//   npx tsx scripts/upstash-proxy.ts --port 8079 --redis redis://127.0.0.1:6379 --token dev

const usage = 'usage: upstash-proxy --token <token> [--port 8079] [--host 127.0.0.1] [--redis redis://127.0.0.1:6379]';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8079' },
    host: { type: 'string', default: '127.0.0.1' },
    redis: { type: 'string', default: 'redis://127.0.0.1:6379' },
    token: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

const port = Number(values.port);
if (values.help || !values.token || !Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(usage);
  process.exit(values.help ? 0 : 2);
}

const proxy = await startUpstashProxy({ redisUrl: values.redis, token: values.token, port, host: values.host });
console.log(`Upstash REST endpoint on ${proxy.url} in front of ${values.redis.replace(/\/\/[^@/]*@/, '//***@')}`);
console.log(`Set UPSTASH_REDIS_REST_URL=${proxy.url} and UPSTASH_REDIS_REST_TOKEN=<the token>`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void proxy.close().then(() => process.exit(0));
  });
}
