import type { FitMessage } from './decode';

/** A numeric field, or null when absent, invalid (fit-file-parser drops those) or not a number. */
export function numField(message: FitMessage | undefined, ...names: string[]): number | null {
  if (!message) return null;
  for (const name of names) {
    const v = message[name];
    if (typeof v === 'number' && Number.isFinite(v)) return v;
  }
  return null;
}

/** A timestamp field in ms, or null. */
export function timeField(message: FitMessage | undefined, name: string): number | null {
  const v = message?.[name];
  if (v instanceof Date) {
    const ms = v.getTime();
    return Number.isFinite(ms) ? ms : null;
  }
  return null;
}

export function stringField(message: FitMessage | undefined, name: string): string | null {
  const v = message?.[name];
  if (typeof v === 'string' && v.trim() !== '') return v.trim();
  return null;
}

/** A swimming session: its laps' and its own `total_cycles` are strokes. */
export const isSwimming = (session: FitMessage): boolean => stringField(session, 'sport') === 'swimming';

/**
 * The strokes a swim message counted: `total_strokes` is `total_cycles`'s swimming subfield in the
 * FIT profile, so a reader names either; other sports' cycles are strides or crank turns.
 */
export const strokeCount = (message: FitMessage): number | null => numField(message, 'total_strokes', 'total_cycles');
