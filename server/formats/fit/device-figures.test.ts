import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { Decoder, Stream } from '@garmin/fitsdk';
import { describe, expect, it } from 'vitest';
import { parseActivityFile } from '../index';
import { activityFamily } from '../activity-types';
import { CORPUS_DIR } from '../test-support/corpus';
import { REAL_HISTORY_DIR } from '../test-support/real-history';

// Figures a FIT device keeps and we take as written, held against the official Garmin FIT SDK
// (the corpus's oracle), not our parser: a run's moving time is its timer (docs/decisions.md "A
// run's moving time is its device timer"), and a pool swim's length and strokes are the session's
// and laps' (SWOLF in the web app).

interface SdkSession {
  sport?: string;
  totalTimerTime?: number;
  totalElapsedTime?: number;
  poolLength?: number;
  totalCycles?: number;
}

function fitFiles(): { name: string; bytes: Buffer }[] {
  const dirs = [path.join(CORPUS_DIR, 'fit'), path.join(REAL_HISTORY_DIR, 'files')].filter((dir) => fs.existsSync(dir));
  return dirs.flatMap((dir) =>
    fs
      .readdirSync(dir)
      .filter((name) => /\.fit(\.gz)?$/.test(name))
      .sort()
      .map((name) => {
        const raw = fs.readFileSync(path.join(dir, name));
        return { name, bytes: name.endsWith('.gz') ? zlib.gunzipSync(raw) : raw };
      }),
  );
}

type SdkFile = { sessions: SdkSession[]; laps: { totalDistance?: number; totalCycles?: number }[] };
const sdkFiles = new Map<string, SdkFile>();

/** The SDK's sessions and laps, read once per file for all the tests. */
function sdkRead(name: string, bytes: Buffer): SdkFile {
  let read = sdkFiles.get(name);
  if (!read) {
    const { messages } = new Decoder(Stream.fromByteArray([...bytes])).read();
    read = { sessions: (messages.sessionMesgs ?? []) as SdkSession[], laps: messages.lapMesgs ?? [] };
    sdkFiles.set(name, read);
  }
  return read;
}

const files = fitFiles();

describe('FIT figures taken from the device', () => {
  it('a single-session run with a timer has the timer as its moving time (never above its elapsed time)', async () => {
    let runs = 0;
    for (const { name, bytes } of files) {
      const { sessions } = sdkRead(name, bytes);
      if (sessions.length !== 1 || !(sessions[0]!.totalTimerTime! > 0)) continue;
      const [activity] = await parseActivityFile(bytes, name.replace(/\.gz$/, ''));
      if (!activity || activityFamily(activity.activityType) !== 'run') continue;
      runs++;
      const expected = Math.min(sessions[0]!.totalTimerTime!, activity.totalElapsedTime);
      expect(activity.movingTime, name).toBeCloseTo(expected, 3);
    }
    expect(runs).toBeGreaterThan(5);
  });

  it("a pool swim keeps the session's pool length and strokes and each lap's strokes", async () => {
    let swims = 0;
    for (const { name, bytes } of files) {
      const { sessions, laps } = sdkRead(name, bytes);
      if (sessions.length !== 1 || sessions[0]!.sport !== 'swimming') continue;
      const [activity] = await parseActivityFile(bytes, name.replace(/\.gz$/, ''));
      const session = sessions[0]!;
      expect(activity!.poolLength, name).toBe(session.poolLength && session.poolLength > 0 ? session.poolLength : null);
      expect(activity!.totalStrokes, name).toBe(session.totalCycles && session.totalCycles > 0 ? session.totalCycles : null);
      expect(
        activity!.laps.map((lap) => lap.totalStrokes),
        name,
      ).toEqual(laps.map((lap) => lap.totalCycles ?? null));
      if (activity!.poolLength !== null) swims++;
    }
    expect(swims).toBeGreaterThan(0);
  });

  it('no other sport has a pool length or strokes (a run or ride counts strides and crank turns in its cycles)', async () => {
    for (const { name, bytes } of files.slice(0, 40)) {
      const { sessions } = sdkRead(name, bytes);
      if (sessions.some((s) => s.sport === 'swimming')) continue;
      for (const activity of await parseActivityFile(bytes, name.replace(/\.gz$/, ''))) {
        expect(activity.poolLength, name).toBeNull();
        expect(activity.totalStrokes, name).toBeNull();
        expect(activity.laps.every((lap) => lap.totalStrokes === null)).toBe(true);
      }
    }
  });
});
