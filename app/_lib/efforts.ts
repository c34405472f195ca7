import { now } from '@/server/clock';
import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { localDay } from '@/server/util/local-day';

// Names of the CONTRACT's standard distances and durations (… Best efforts and records) for the
// web app: metric ones as numbers with their symbol, the rest from the catalogue (efforts.*).
type NamedDistance = { km: number } | { miles: number } | { name: 'halfMile' | 'halfMarathon' | 'marathon' };

const DISTANCE_NAMES: Record<number, NamedDistance> = {
  400: { km: 0.4 },
  805: { name: 'halfMile' },
  1000: { km: 1 },
  1609: { miles: 1 },
  3219: { miles: 2 },
  5000: { km: 5 },
  10000: { km: 10 },
  15000: { km: 15 },
  16093: { miles: 10 },
  20000: { km: 20 },
  21097.5: { name: 'halfMarathon' },
  30000: { km: 30 },
  42195: { name: 'marathon' },
  50000: { km: 50 },
};

/** The name of a standard effort distance in the user's language ("Half marathon", "10 miles", "400 m"). */
export function useEffortDistanceName(): (m: number) => string {
  const t = useTranslations('efforts');
  // one function per language, so a chart built with it is not rebuilt on every render
  return useCallback(
    (m: number) => {
      const named = DISTANCE_NAMES[m];
      if (!named) return `${m} m`;
      if ('name' in named) return t(named.name);
      if ('miles' in named) return t('miles', { count: named.miles });
      return named.km < 1 ? `${named.km * 1000} m` : `${named.km} km`;
    },
    [t],
  );
}

export function durationName(s: number): string {
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${s / 60} min`;
  const h = Math.floor(s / 3600);
  const m = (s % 3600) / 60;
  return m ? `${h} h ${m} min` : `${h} h`;
}

/** Today's yyyy-MM-dd in the profile's timezone (the browser's when unset). */
export function todayIn(timeZone: string | null): string {
  return localDay(now(), timeZone ?? undefined);
}
