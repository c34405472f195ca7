import { syntheticGpx } from '@/e2e/fixtures/gpx';
import { prepareActivityFileOffThread } from '@/server/services/ingestion/parse-off-thread';
import type { HeapSpace } from '@/server/workers/heap-spaces-task';
import { closeWorkerPool, runInWorker } from '@/server/workers/pool';

// Run by workers/young-generation.int.test.ts as `node --max-semi-space-size=2 …`, the way npm
// start runs: a 3 h track at 1 Hz parsed in the pool's one worker, then that worker's young
// generation (V8's new space) printed in bytes.

await prepareActivityFileOffThread(new TextEncoder().encode(syntheticGpx(3 * 3600)), 'ride.gpx');
const spaces = await runInWorker<HeapSpace[]>('heapSpaces', {});
console.log(`new_space ${spaces.find((s) => s.name === 'new_space')!.sizeBytes}`);
await closeWorkerPool();
