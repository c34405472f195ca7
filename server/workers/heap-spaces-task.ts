import { getHeapSpaceStatistics } from 'node:v8';
import type { MessagePort } from 'node:worker_threads';

// What a pool worker's V8 heap holds, space by space: how a test sees that the worker got the
// young generation pool.ts gives it, not the request thread's 2 MB semi-spaces (npm start's flag).

export interface HeapSpace {
  name: string;
  sizeBytes: number;
}

export function heapSpacesTask({ started }: { started: MessagePort }): HeapSpace[] {
  started.postMessage('started');
  started.close();
  return getHeapSpaceStatistics().map((space) => ({ name: space.space_name, sizeBytes: space.space_size }));
}
