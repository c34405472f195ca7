'use client';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import type { MapTiles } from '@/server/map-tiles';
import type { PublicActivityResponse } from '@/server/services/public-activities/schemas';
import { ActivityCharts } from '../../../(app)/activities/[id]/_components/activity-charts';
import { ActivityFigures } from '../../../(app)/activities/[id]/_components/activity-figures';
import { RouteMap } from '../../../(app)/activities/[id]/_components/route-map';
import { PublicSegmentEfforts } from './public-segment-efforts';
import { ProblemAlert } from '../../../_components/problem-alert';
import { Skeleton } from '../../../_components/skeleton';
import { expectedChartCount } from '../../../_lib/activity-series';
import { HoverBus } from '../../../_lib/hover-bus';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';

/** A public activity for anyone: name, figures, map and charts, the owner's privacy zones applied by the service. */
export function PublicActivityView({ activity, summary, tiles }: { activity: PublicActivityResponse; summary: string; tiles: MapTiles | null }) {
  const t = useTranslations('publicActivity');
  const streams = trpc.maps.publicStreams.useQuery({ id: activity.id }, { staleTime: Infinity, structuralSharing: false });
  const hover = useMemo(() => new HoverBus(), []);
  const lat = streams.data?.lat;
  const lon = streams.data?.lon;
  return (
    <article className="activity-layout">
      <div className="activity-title">
        <div>
          <h1 data-testid="activity-name">{activity.name}</h1>
          <p className="muted">{summary}</p>
          {activity.description ? <p style={{ marginTop: '0.5rem', whiteSpace: 'pre-wrap' }}>{activity.description}</p> : null}
        </div>
      </div>
      <ActivityFigures activity={activity} units="metric" />
      {streams.error ? <ProblemAlert problem={problemOf(streams.error)} /> : null}
      {!streams.data ? (
        <div className="map skeleton-block" aria-hidden="true" />
      ) : lat && lon && lat.some((v) => v != null) ? (
        <RouteMap lat={lat} lon={lon} tiles={tiles} hover={hover} />
      ) : null}
      {streams.data ? (
        <ActivityCharts
          streams={streams.data}
          units="metric"
          activityType={activity.activity_type}
          hover={hover}
          reservedCharts={expectedChartCount(activity)}
        />
      ) : (
        <Skeleton height={`${expectedChartCount(activity) * 200 + 60}px`} />
      )}
      <PublicSegmentEfforts id={activity.id} />
      <p className="small muted">{t('sharedWith')}</p>
    </article>
  );
}
