import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidFile, parseActivityFile } from '@/server/formats';
import { readCorpusFile } from '@/server/formats/test-support/corpus';
import { useTestEnv } from '@/server/testing/test-env';
import { parseActivityFileOffThread, TOO_COMPLEX } from './parse-off-thread';
import { closeWorkerPool, workerEntry } from '../../workers/pool';

// Parsing runs in a worker pool with a wall-time budget and a heap limit per worker.
// Real worker threads, real parser: results equal the in-process parser's, and a file over a
// budget is InvalidFile(TOO_COMPLEX) while the pool goes on serving the next file.

const RIDE = 'fit/garmin_edge800_indoor_trainer.fit';
const gpxOf = (points: number) => {
  const pts = Array.from(
    { length: points },
    (_, i) => `<trkpt lat="45.${i}" lon="7.${i}"><ele>${i % 500}</ele><time>${new Date(Date.UTC(2024, 0, 1) + i * 1000).toISOString()}</time></trkpt>`,
  );
  return new TextEncoder().encode(`<?xml version="1.0"?><gpx creator="t"><trk><name>big</name><trkseg>${pts.join('')}</trkseg></trk></gpx>`);
};

async function refusal(promise: Promise<unknown>): Promise<InvalidFile> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InvalidFile);
  return error as InvalidFile;
}

describe('the worker entry', () => {
  it('loads its tasks from one esbuild bundle, not through tsx (~50 MB less per worker)', async () => {
    const entry = (await import(/* @vite-ignore */ workerEntry())) as Record<string, unknown>;
    expect(entry.taskSource).toBe('bundle');
    expect(typeof entry.parseActivityFile).toBe('function');
    expect(typeof entry.prepareActivityFile).toBe('function');
    expect(typeof entry.prepareStravaActivity).toBe('function');
  });
});

describe('parseActivityFileOffThread', () => {
  beforeAll(() => useTestEnv());
  afterAll(() => closeWorkerPool());

  it('gives what the in-process parser gives, and moves an owned buffer instead of copying it', async () => {
    const expected = await parseActivityFile(readCorpusFile(RIDE), 'ride.fit');
    const bytes = new Uint8Array(readCorpusFile(RIDE));
    const activities = await parseActivityFileOffThread(bytes, 'ride.fit');
    expect(activities).toEqual(expected);
    expect(activities[0]!.startTime).toBeInstanceOf(Date);
    expect(bytes.byteLength).toBe(0);
  });

  it.runIf(process.platform === 'linux')('parses in a thread of lower priority than the one that asked', async () => {
    await parseActivityFileOffThread(readCorpusFile(RIDE), 'ride.fit');
    const { PARSE_NICE } = (await import(/* @vite-ignore */ workerEntry())) as { PARSE_NICE: number };
    // a thread's nice value is field 19 of its /proc stat line
    const nices = readdirSync('/proc/self/task').map((tid) => {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    });
    expect(getPriority(0)).toBe(0);
    expect(nices).toContain(PARSE_NICE);
  });

  it('copies a view into a larger buffer, leaving the caller its bytes', async () => {
    const file = readCorpusFile(RIDE);
    const larger = new Uint8Array(file.length + 10);
    larger.set(file, 10);
    const view = larger.subarray(10);
    await parseActivityFileOffThread(view, 'ride.fit');
    expect(view.byteLength).toBe(file.length);
  });

  it('keeps the parser reason and the cap that refused the file', async () => {
    const doctype = new TextEncoder().encode('<?xml version="1.0"?><!DOCTYPE gpx><gpx/>');
    const error = await refusal(parseActivityFileOffThread(doctype, 'a.gpx'));
    expect(error.reason).toContain('DOCTYPE');
    expect(error.limit).toBe('DOCTYPE');
  });

  it('a parse past the wall-time budget is refused as too complex; the pool recovers', async () => {
    useTestEnv({ PARSE_TIME_BUDGET_MS: '1' });
    // a file that takes tens of milliseconds to parse: the FIT ride now parses in under one,
    // so its result could beat the 1 ms timer
    const error = await refusal(parseActivityFileOffThread(gpxOf(50_000), 'big.gpx'));
    expect(error.reason).toBe(TOO_COMPLEX);
    expect(error.limit).toBe('PARSE_TIME_BUDGET_MS');
    useTestEnv();
    expect(await parseActivityFileOffThread(readCorpusFile(RIDE), 'ride.fit')).toHaveLength(1);
  });

  it('a parse past the worker heap is refused as too complex; the pool recovers', async () => {
    await closeWorkerPool();
    useTestEnv({ PARSE_HEAP_MB: '16' });
    const error = await refusal(parseActivityFileOffThread(gpxOf(80_000), 'big.gpx'));
    expect(error.reason).toBe(TOO_COMPLEX);
    expect(error.limit).toBe('PARSE_HEAP_MB');
    const [small] = await parseActivityFileOffThread(gpxOf(10), 'small.gpx');
    expect(small!.name).toBe('big');
    await closeWorkerPool();
    useTestEnv();
  });
});
