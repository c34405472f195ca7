'use client';
import { useLocale } from 'next-intl';
import { useMemo } from 'react';
import { formatDate, formatDateTime, formatDayMonth, formatMonth, formatShortMonth, formatTime, weekdayNames } from './dates';
import { firstDayOfWeek, intlTag } from './locale-format';
import {
  distanceNumber,
  elevationNumber,
  formatClock,
  formatDistance,
  formatDuration,
  formatElevation,
  formatPace,
  formatSpeed,
  formatWeight,
  paceNumber,
  speedNumber,
  unitLabels,
} from './units';
import type { Units } from './units';
import { useMe } from './use-me';

/**
 * The one place components format figures: numbers, dates and times in the user's language
 * (Intl), distances and speeds in the profile's units, dates in the profile's timezone, the
 * week starting where the language's region starts it.
 */
export function useFormats() {
  const { units, timezone } = useMe();
  return useLocaleFormats(units, timezone);
}

/** The same for given units and zone: pages a signed-out visitor sees (a public activity) have no profile. */
export function useLocaleFormats(units: Units, timezone: string | null) {
  const locale = useLocale();
  return useMemo(() => {
    const tag = intlTag(locale);
    const weekStart = firstDayOfWeek(tag);
    return {
      locale,
      units,
      timezone,
      labels: unitLabels(units),
      weekStart,
      weekdays: weekdayNames(weekStart, locale),
      number: (value: number, digits = 0) => value.toLocaleString(tag, { minimumFractionDigits: digits, maximumFractionDigits: digits }),
      percent: (fraction: number) => fraction.toLocaleString(tag, { style: 'percent' }),
      distance: (m: number | null | undefined) => formatDistance(m, units, locale),
      distanceNumber: (m: number | null | undefined) => distanceNumber(m, units, locale),
      elevation: (m: number | null | undefined) => formatElevation(m, units, locale),
      elevationNumber: (m: number | null | undefined) => elevationNumber(m, units, locale),
      speed: (mps: number | null | undefined) => formatSpeed(mps, units, locale),
      speedNumber: (mps: number | null | undefined) => speedNumber(mps, units, locale),
      pace: (mps: number | null | undefined) => formatPace(mps, units),
      paceNumber: (mps: number | null | undefined) => paceNumber(mps, units),
      weight: (kg: number | null | undefined) => formatWeight(kg, units, locale),
      clock: formatClock,
      duration: formatDuration,
      /** in the activity's own zone when given, else the profile's */
      dateTime: (iso: string | null | undefined, zone?: string | null) => formatDateTime(iso, zone ?? timezone, locale),
      date: (iso: string | null | undefined, zone?: string | null) => formatDate(iso, zone ?? timezone, locale),
      time: (iso: string) => formatTime(iso, locale),
      month: (month: string) => formatMonth(month, locale),
      shortMonth: (day: string) => formatShortMonth(day, locale),
      dayMonth: (day: string) => formatDayMonth(day, locale),
    };
  }, [locale, units, timezone]);
}

export type Formats = ReturnType<typeof useLocaleFormats>;
