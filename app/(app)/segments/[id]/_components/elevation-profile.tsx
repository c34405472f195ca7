'use client';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useMemo, useState } from 'react';
import type { SegmentProfileResponse } from '@/server/services/segments/schemas';
import { SectionCard } from '../../../../_components/section-card';
import { Skeleton } from '../../../../_components/skeleton';
import { formatX, profileSeries } from '../../../../_lib/activity-series';
import { intlTag } from '../../../../_lib/locale-format';
import { formatElevation, type Units } from '../../../../_lib/units';
import { useColorScheme } from '../../../../_lib/use-color-scheme';
import { ChartPanel } from '../../../activities/[id]/_components/chart-panel';

const ignore = () => {};

/**
 * CONTRACT: Explorer, goals, gear components, segments: the segment's elevation profile, altitude
 * over distance along it, drawn like the activity page's elevation chart (the same panel), with
 * its lowest and highest point and average grade in words beside it.
 */
export function ElevationProfile({ profile, units }: { profile: SegmentProfileResponse | undefined; units: Units }) {
  const t = useTranslations('segments');
  const charts = useTranslations('activity.charts');
  const locale = useLocale();
  const scheme = useColorScheme();
  const syncKey = useId();
  const [zoom, setZoom] = useState<[number, number] | null>(null);
  const series = useMemo(
    () =>
      profile && profile.distance.length > 1
        ? profileSeries(profile.distance, profile.altitude, units, { locale, title: (key) => charts(`series.${key}`) })
        : null,
    [profile, units, locale, charts],
  );
  const format = useMemo(() => formatX('distance', units, locale), [units, locale]);
  const xRange = useMemo<[number, number]>(() => [series?.data[0][0] ?? 0, series?.data[0].at(-1) ?? 1], [series]);
  const grade = useMemo(() => {
    if (!profile || profile.distance.length < 2) return null;
    const run = profile.distance.at(-1)! - profile.distance[0]!;
    const value = run > 0 ? (profile.altitude.at(-1)! - profile.altitude[0]!) / run : 0;
    return new Intl.NumberFormat(intlTag(locale), { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
  }, [profile, locale]);
  return (
    <SectionCard title={t('profile')} testId="segment-profile">
      {!profile ? (
        <Skeleton height="10rem" />
      ) : series ? (
        <>
          <p className="muted small" data-testid="profile-summary">
            {t('profileSummary', {
              low: formatElevation(profile.min_altitude, units, locale),
              high: formatElevation(profile.max_altitude, units, locale),
              grade: grade ?? '—',
            })}
          </p>
          <ChartPanel
            series={series}
            xLabel={charts('distance')}
            syncKey={syncKey}
            xRange={xRange}
            zoom={zoom}
            onZoom={setZoom}
            formatX={format}
            scheme={scheme}
            onCursor={ignore}
            onReady={ignore}
          />
        </>
      ) : (
        <p className="empty">{t('profileNone')}</p>
      )}
    </SectionCard>
  );
}
