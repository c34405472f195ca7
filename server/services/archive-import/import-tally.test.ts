import { describe, expect, it } from 'vitest';
import type { ItemOutcome } from './item-context';
import { importBatch } from './import-tally';

// The batch's pipeline: reads run ahead of the store, but a bounded number of them, and every item
// is stored once, in order, whatever order its read finishes in; items read while a store was
// busy are stored together.

const created = (id: number): ItemOutcome => ({ created: [id], skipped: 0, failed: 0, errors: [] });

function stages(items: readonly string[]) {
  const pending = new Map<string, () => void>();
  const log: string[] = [];
  let reading = 0;
  let mostReading = 0;
  return {
    log,
    get mostReading() {
      return mostReading;
    },
    /** finishes the reads still waiting, last asked first */
    finishReads() {
      for (const key of [...pending.keys()].reverse()) {
        pending.get(key)!();
        pending.delete(key);
      }
    },
    run: {
      read: (path: string) => {
        log.push(`read ${path}`);
        mostReading = Math.max(mostReading, ++reading);
        return new Promise<string>((resolve) =>
          pending.set(path, () => {
            reading -= 1;
            resolve(path);
          }),
        );
      },
      store: async (paths: string[]) => {
        log.push(`store ${paths.join(' ')}`);
        return paths.map((path) => created(items.indexOf(path)));
      },
    },
  };
}

describe('importBatch', () => {
  it('stores every item once and in order while at most five reads are ahead', async () => {
    const items = Array.from({ length: 10 }, (_, i) => `f${i}`);
    const batch = stages(items);
    const progress: number[] = [];
    const done = importBatch(items, batch.run, async (count) => {
      progress.push(count);
    });
    // reads finish out of order, a few at a time, until the batch is done
    let finished = false;
    void done.then(() => (finished = true));
    while (!finished) {
      batch.finishReads();
      await new Promise((resolve) => setImmediate(resolve));
    }
    const outcome = await done;
    expect(outcome.created).toEqual(items.map((_, i) => i));
    const stored = batch.log.filter((l) => l.startsWith('store')).flatMap((l) => l.split(' ').slice(1));
    expect(stored).toEqual(items);
    expect(batch.log.filter((l) => l.startsWith('read'))).toEqual(items.map((i) => `read ${i}`));
    expect(progress).toEqual(items.map((_, i) => i + 1));
    expect(batch.mostReading).toBe(5);
  });

  it('reads the next items before the first is stored', async () => {
    const items = ['a', 'b', 'c', 'd', 'e'];
    const batch = stages(items);
    const done = importBatch(items, batch.run, async () => {});
    await new Promise((resolve) => setImmediate(resolve));
    // nothing is stored until a read finishes, and no more than five are asked for
    expect(batch.log).toEqual(['read a', 'read b', 'read c', 'read d', 'read e']);
    for (let i = 0; i < 10; i++) {
      batch.finishReads();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect((await done).created).toEqual([0, 1, 2, 3, 4]);
  });

  it('stores the items read by the time the store is free in one call, and waits for none', async () => {
    const items = Array.from({ length: 9 }, (_, i) => `f${i}`);
    const batch = stages(items);
    const done = importBatch(items, batch.run, async () => {});
    await new Promise((resolve) => setImmediate(resolve));
    // all five asked for are read before the store is free: one call stores them
    batch.finishReads();
    await new Promise((resolve) => setImmediate(resolve));
    expect(batch.log.filter((l) => l.startsWith('store'))).toEqual(['store f0 f1 f2 f3 f4']);
    // the next four are asked for at once; the store then takes whatever is read
    batch.finishReads();
    expect((await done).created).toEqual(items.map((_, i) => i));
    expect(batch.log.filter((l) => l.startsWith('store'))).toEqual(['store f0 f1 f2 f3 f4', 'store f5 f6 f7 f8']);
  });
});
