import fs from 'node:fs';
import path from 'node:path';

/** The shared corpus: ../shared/corpus from the repo root, or CORPUS_DIR. */
export const CORPUS_DIR = process.env.CORPUS_DIR ?? path.resolve(process.cwd(), '../shared/corpus');

export interface ExpectedSession {
  sport: string | null;
  start_time: string | null;
  total_elapsed_time: number | null;
  total_timer_time: number | null;
  total_distance: number | null;
  avg_heart_rate: number | null;
  max_heart_rate: number | null;
}

export interface ExpectedFile {
  file: string;
  format: 'fit' | 'gpx' | 'tcx' | 'csv';
  expected_outcome: 'accept' | 'reject';
  /** The human label: "ride", "indoor run", "hike", "multisport", "unknown (…)", "other (…)". */
  category?: string | null;
  /** TCX: the Sport of each <Activity>, in document order. */
  sports?: string[];
  reject_reason?: string;
  notes?: string;
  start_time: string | null;
  total_distance: number | null;
  total_elapsed_time: number | null;
  total_timer_time: number | null;
  avg_heart_rate: number | null;
  max_heart_rate: number | null;
  num_sessions: number | null;
  num_non_transition_sessions?: number;
  max_record_distance?: number;
  first_record_time?: string;
  last_record_time?: string;
  sessions?: ExpectedSession[];
}

export function loadExpected(): ExpectedFile[] {
  const raw = JSON.parse(fs.readFileSync(path.join(CORPUS_DIR, 'expected.json'), 'utf8')) as { files: ExpectedFile[] };
  return raw.files;
}

export function readCorpusFile(relative: string): Buffer {
  return fs.readFileSync(path.join(CORPUS_DIR, relative));
}
