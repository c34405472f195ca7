import fs from 'node:fs';
import path from 'node:path';
import { WORLD_RECORD_S } from '../metrics/best-efforts';

// ../shared/real-history: real people's files beside the figures Strava showed for them, and the
// tolerances each figure must meet (its README). Shared by the real-history test and
// bench/real-history (which prints the counts per sport).

export const REAL_HISTORY_DIR = process.env.REAL_HISTORY_DIR ?? path.resolve(process.cwd(), '../shared/real-history');

export interface StravaFigures {
  localName: string;
  /** Strava's activity type ("Run", "Alpine Ski", …): the sport the counts are grouped by */
  activityType: string;
  elevationSource: string;
  movingTime: number | null;
  elapsedTime: number | null;
  distance: number | null;
  elevationGain: number | null;
  maxSpeed: number | null;
  note: string;
}

const numberOrNull = (text: string | undefined): number | null => (text === undefined || text.trim() === '' ? null : Number(text));

export function readStravaFigures(dir = REAL_HISTORY_DIR): StravaFigures[] {
  const [header, ...rows] = fs.readFileSync(path.join(dir, 'strava-figures.tsv'), 'utf8').trim().split('\n');
  const columns = header!.split('\t');
  return rows.map((line) => {
    const cells = line.split('\t');
    const cell = (name: string) => cells[columns.indexOf(name)];
    return {
      localName: cell('local_name')!,
      activityType: cell('activity_type')!,
      elevationSource: cell('elevation_source') ?? '',
      movingTime: numberOrNull(cell('moving_time_s')),
      elapsedTime: numberOrNull(cell('elapsed_time_s')),
      distance: numberOrNull(cell('distance_m')),
      elevationGain: numberOrNull(cell('elevation_gain_m')),
      maxSpeed: numberOrNull(cell('max_speed_mps')),
      note: cell('note') ?? '',
    };
  });
}

/** Ours beside Strava's, as the record gives them (metres, seconds, m/s). */
export interface OurFigures {
  distance: number | null;
  elapsedTime: number | null;
  movingTime: number | null;
  elevationGain: number | null;
  maxSpeed: number | null;
  /** the activity's family as ours says it ('run', 'foot', 'ride', …): world records bind run and foot */
  family: string;
  bestEfforts: { distance: number; elapsedTime: number }[];
}

/** The efforts of a run or foot activity faster than the world record at their distance. */
export function impossibleEfforts(family: string, efforts: readonly { distance: number; elapsedTime: number }[]): { distance: number; elapsedTime: number }[] {
  if (family !== 'run' && family !== 'foot') return [];
  return efforts.filter((e) => WORLD_RECORD_S[e.distance] !== undefined && e.elapsedTime < Math.floor(WORLD_RECORD_S[e.distance]!));
}

export const FIGURES = ['distance', 'elapsed', 'moving', 'elevation', 'maxSpeed', 'efforts'] as const;
export type Figure = (typeof FIGURES)[number];

/** A figure's verdict: true within tolerance, false outside, null when Strava has none to compare. */
export type Verdicts = Record<Figure, boolean | null>;

const within = (ours: number | null, theirs: number | null, share: number, floor: number): boolean | null => {
  if (theirs === null) return null;
  if (ours === null) return false;
  return Math.abs(ours - theirs) <= Math.max(share * Math.abs(theirs), floor);
};

/** The README's tolerances: distance ±3 % (10 m), elapsed ±2 s, moving ±5 % or 60 s, elevation ±15 % or 15 m, max speed ≤ 1.5×, efforts ≥ WR. */
export function judge(ours: OurFigures, strava: StravaFigures): Verdicts {
  const elapsedExempt = strava.note.includes('strava-elapsed-differs');
  return {
    distance: within(ours.distance ?? 0, strava.distance, 0.03, 10),
    elapsed: elapsedExempt ? null : within(ours.elapsedTime, strava.elapsedTime, 0, 2),
    moving: within(ours.movingTime, strava.movingTime, 0.05, 60),
    elevation: within(ours.elevationGain ?? 0, strava.elevationGain, 0.15, 15),
    maxSpeed: strava.maxSpeed === null || strava.maxSpeed <= 0 ? null : ours.maxSpeed === null || ours.maxSpeed <= 1.5 * strava.maxSpeed,
    efforts: impossibleEfforts(ours.family, ours.bestEfforts).length === 0,
  };
}

/** Per sport (Strava's type) and figure: [within tolerance, compared]. */
export type Tally = Map<string, Record<Figure, [number, number]>>;

export function tally(rows: readonly { sport: string; verdicts: Verdicts }[]): Tally {
  const out: Tally = new Map();
  for (const { sport, verdicts } of [...rows, ...rows.map((r) => ({ ...r, sport: 'all' }))]) {
    const counts = out.get(sport) ?? (Object.fromEntries(FIGURES.map((f) => [f, [0, 0]])) as Record<Figure, [number, number]>);
    for (const figure of FIGURES) {
      const verdict = verdicts[figure];
      if (verdict === null) continue;
      counts[figure][1]++;
      if (verdict) counts[figure][0]++;
    }
    out.set(sport, counts);
  }
  return out;
}

export function formatTally(counts: Tally): string {
  const lines = [['sport', ...FIGURES].join('\t')];
  for (const [sport, byFigure] of [...counts].sort(([a], [b]) => (a === 'all' ? 1 : b === 'all' ? -1 : a.localeCompare(b))))
    lines.push([sport, ...FIGURES.map((f) => `${byFigure[f][0]}/${byFigure[f][1]}`)].join('\t'));
  return lines.join('\n');
}
