import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseActivityFile } from './index';
import { prepareActivity } from '../services/ingestion/prepare-activity';
import { WORLD_RECORD_S } from './metrics/best-efforts';
import { loadExpected, readCorpusFile } from './test-support/corpus';
import { REAL_HISTORY_DIR, readStravaFigures } from './test-support/real-history';

// CONTRACT: Real history and hand-made activities: "No best effort is ever faster than the world
// record at its distance". Every activity of every accepted corpus file and every real-history
// file (a run with a car ride in it, phone tracks with teleports, a ski day typed as a run), as an
// upload computes its efforts (prepareActivity, from the rounded stored streams), whatever its type.

const corpus = loadExpected()
  .filter((f) => f.format !== 'csv' && f.expected_outcome === 'accept')
  .map((f) => ({ name: f.file, bytes: () => readCorpusFile(f.file) }));
const realHistory = existsSync(REAL_HISTORY_DIR)
  ? readStravaFigures().map((s) => ({ name: `real-history/${s.localName}`, bytes: () => readFileSync(path.join(REAL_HISTORY_DIR, 'files', s.localName)) }))
  : [];

describe('no best effort faster than the world record', () => {
  it.each([...corpus, ...realHistory])('$name', async ({ name, bytes }) => {
    for (const parsed of await parseActivityFile(bytes(), path.basename(name))) {
      const { bestEfforts } = prepareActivity(parsed).derived.efforts;
      const faster = bestEfforts.filter((e) => e.elapsedTime < Math.floor(WORLD_RECORD_S[e.distance]!));
      expect(faster, `${parsed.activityType} ${parsed.startTime.toISOString()}`).toEqual([]);
    }
  });
});
