import { sportFamily, type SportFamily } from '@/server/services/efforts/sport-families';

/** One colour per sport family in the charts (text never sits on them). */
export const FAMILY_COLORS: Record<SportFamily, string> = {
  run: '#d9622b',
  ride: '#2f7fc1',
  swim: '#1fa3a0',
  walk: '#7a9a3a',
  hike: '#8a6d3b',
  other: '#8a8a96',
};

/** A bucket's by_type totals summed per family. */
export function byFamily(byType: Record<string, { count: number; distance: number; moving_time: number }>): Partial<Record<SportFamily, number>> {
  const out: Partial<Record<SportFamily, number>> = {};
  for (const [type, t] of Object.entries(byType)) out[sportFamily(type)] = (out[sportFamily(type)] ?? 0) + t.distance;
  return out;
}
