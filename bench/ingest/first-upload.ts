import { performance } from 'node:perf_hooks';
import { trackGpx } from '../formats/peer-gpx/generate';
import { startBenchServer } from '../lib/server';
import { BenchClient } from './client';

// Issue 55, warm start: the first upload after `npm start` against the tenth. Starts the built
// server on the embedded default, waits until it answers and has had WARM_WAIT_MS to warm up (a
// person does not upload in the first second), then uploads the 24 h GPX of the peer benchmark
// (86,400 points, 22.8 MB) ten times in a row and prints each time and the first/tenth ratio.
// Usage: npx tsx bench/ingest/first-upload.ts [port]

const port = Number(process.argv[2] ?? 3291);
const WARM_WAIT_MS = Number(process.env.WARM_WAIT_MS ?? 5000);
const ROUNDS = 10;

const bytes = trackGpx(24);
const server = await startBenchServer(port);
try {
  const client = new BenchClient(server.url);
  const { apiKey } = await client.setup({ username: 'admin', password: 'Bench-Admin-Pass-1' });
  await new Promise((r) => setTimeout(r, WARM_WAIT_MS));
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    await client.upload(apiKey, `ultra-${i}.gpx`, bytes);
    times.push(performance.now() - started);
    console.log(`upload ${i + 1}: ${times[i]!.toFixed(0)} ms`);
  }
  const first = times[0]!;
  const tenth = times[ROUNDS - 1]!;
  console.log(
    `24 h GPX (${(bytes.length / 1e6).toFixed(1)} MB): first ${first.toFixed(0)} ms, tenth ${tenth.toFixed(0)} ms, first/tenth ${(first / tenth).toFixed(2)}× (goal ≤ 1.5×)`,
  );
} finally {
  await server.stop();
}
