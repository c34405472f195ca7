import autocannon from 'autocannon';
import { fakeAddress, printTable, startBenchServer } from '../lib/server';

// Sign-in throughput on the embedded default: password logins (argon2id, OWASP parameters) and
// refresh-token rotations, each request from its own fake client address so the per-address
// login limit does not cap the figure. Run: npx tsx bench/sign-in/run.ts [seconds]

const SECONDS = Number(process.argv[2] ?? 10);
const PORT = 3401;
const USERNAME = 'admin';
const PASSWORD = 'Bench-Admin-Pass-1';

type Result = autocannon.Result;

function row(name: string, r: Result) {
  return {
    case: name,
    'req/s': Math.round(r.requests.average),
    'p50 ms': r.latency.p50,
    'p99 ms': r.latency.p99,
    ok: r['2xx'],
    other: r.non2xx + r.errors,
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/**
 * Refresh rotation needs each client to send the token the previous refresh returned, which
 * autocannon cannot chain per connection; so: `clients` loops, each logged in once, each
 * refreshing with its newest token for the whole duration.
 */
async function refreshChains(url: string, clients: number, seconds: number, address: () => string) {
  const latencies: number[] = [];
  let failures = 0;
  const deadline = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      const login = await fetch(`${url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-client-type': 'mobile', 'x-forwarded-for': address() },
        body: `username=${USERNAME}&password=${encodeURIComponent(PASSWORD)}`,
      });
      let token = ((await login.json()) as { refresh_token: string }).refresh_token;
      while (Date.now() < deadline) {
        const started = performance.now();
        const res = await fetch(`${url}/api/v1/auth/refresh`, {
          method: 'POST',
          headers: { 'x-client-type': 'mobile', authorization: `Bearer ${token}`, 'x-forwarded-for': address() },
        });
        const body = (await res.json()) as { refresh_token?: string };
        latencies.push(performance.now() - started);
        if (res.status === 200 && body.refresh_token) token = body.refresh_token;
        else failures += 1;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    case: `refresh (rotation, ${clients} clients)`,
    'req/s': Math.round(latencies.length / seconds),
    'p50 ms': Math.round(percentile(latencies, 50) * 10) / 10,
    'p99 ms': Math.round(percentile(latencies, 99) * 10) / 10,
    ok: latencies.length - failures,
    other: failures,
  };
}

async function main() {
  const server = await startBenchServer(PORT, { RATE_LIMIT_ENABLED: 'true' });
  let n = 0;
  try {
    const login: Result = await autocannon({
      url: `${server.url}/api/v1/auth/login`,
      connections: 8,
      duration: SECONDS,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => ({
            ...req,
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-client-type': 'mobile', 'x-forwarded-for': fakeAddress(++n) },
            body: `username=${USERNAME}&password=${encodeURIComponent(PASSWORD)}`,
          }),
        },
      ],
    });

    const refresh = await refreshChains(server.url, 8, SECONDS, () => fakeAddress(++n));
    printTable([row('login (mobile, argon2id)', login), refresh]);
  } finally {
    await server.stop();
  }
}

void main();
