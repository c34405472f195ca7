'use client';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ProblemAlert } from '../../../../_components/problem-alert';
import { Skeleton } from '../../../../_components/skeleton';
import { expectedChartCount, usesPace } from '../../../../_lib/activity-series';
import { HoverBus } from '../../../../_lib/hover-bus';
import { problemOf } from '../../../../_lib/problem';
import { trpc } from '../../../../_lib/trpc';
import { useMe } from '../../../../_lib/use-me';
import { ActivityCharts } from './activity-charts';
import { ActivityEditForm } from './activity-edit-form';
import { ActivityFigures } from './activity-figures';
import { ActivityHeader } from './activity-header';
import { ActivityPhotos } from './activity-photos';
import { BestEfforts } from './best-efforts';
import { ExcludeFromRecords } from './exclude-from-records';
import { GradeAdjustedPace } from './grade-adjusted-pace';
import { HrZones } from './hr-zones';
import { LapsTable } from './laps-table';
import { MapStretchBar } from './map-stretch-bar';
import { RouteMap } from './route-map';
import { SegmentEfforts } from './segment-efforts';
import { TrainingLoadCard } from './training-load-card';
import type { MapTiles } from '@/server/map-tiles';

/** metres between a stretch's ends along the distance stream, or null without a stretch */
function stretchMetres(stretch: [number, number] | null, distance: (number | null)[] | null | undefined): number | null {
  return stretch && distance ? (distance[stretch[1]] ?? 0) - (distance[stretch[0]] ?? 0) : null;
}

/** One activity: header, figures, map, charts, laps and zones; each part loads on its own. */
export function ActivityView({ id, tiles }: { id: number; tiles: MapTiles | null }) {
  const { units, timezone } = useMe();
  const activity = trpc.activities.get.useQuery({ id });
  const streams = trpc.activities.streams.useQuery({ id }, { staleTime: Infinity, structuralSharing: false, trpc: { context: { skipBatch: true } } });
  const laps = trpc.activities.laps.useQuery({ id }, { staleTime: Infinity });
  const zones = trpc.activities.zones.useQuery({ id });
  const efforts = trpc.progress.bestEfforts.useQuery({ id });
  const load = trpc.trainingLoad.activityLoad.useQuery({ id });
  // only runs have a grade-adjusted pace: other types need not read their streams again
  const gap = trpc.performance.activityGap.useQuery({ id }, { staleTime: Infinity, enabled: activity.data ? usesPace(activity.data.activity_type) : false });
  const lapGap = useMemo(() => new Map(gap.data?.laps.map((l) => [l.lap_index, l.gap])), [gap.data]);
  const gear = trpc.gear.list.useQuery();
  const [editing, setEditing] = useState(false);
  const [stretch, setStretch] = useState<[number, number] | null>(null);
  // choosing a stretch on the map: its first click waits here for the second
  const [picking, setPicking] = useState(false);
  const [pickStart, setPickStart] = useState<number | null>(null);
  const startPicking = useCallback((on: boolean) => {
    setPicking(on);
    setPickStart(null);
  }, []);
  const onPick = useCallback(
    (index: number) => {
      if (pickStart == null) return setPickStart(index);
      if (index === pickStart) return;
      setStretch(index > pickStart ? [pickStart, index] : [index, pickStart]);
      startPicking(false);
    },
    [pickStart, startPicking],
  );
  const hover = useMemo(() => new HoverBus(), []);
  // fetch the map and chart code while the data loads, not after
  useEffect(() => {
    void import('leaflet');
    void import('uplot');
  }, []);

  if (activity.error) return <ProblemAlert problem={problemOf(activity.error)} />;
  const a = activity.data;
  const hasRoute = a ? a.start_lat != null || Boolean(streams.data?.lat) : true;
  const gearName = a?.gear_id != null ? (gear.data?.find((g) => g.id === a.gear_id)?.nickname ?? null) : null;

  return (
    <article className="activity-layout" aria-busy={!a}>
      {!a ? (
        <div className="card">
          <Skeleton lines={3} />
        </div>
      ) : editing ? (
        <ActivityEditForm activity={a} onDone={() => setEditing(false)} />
      ) : (
        <ActivityHeader activity={a} timezone={timezone} gearName={gearName} onEdit={() => setEditing(true)} />
      )}
      {a ? <ActivityFigures activity={a} units={units} /> : <Skeleton height="7rem" />}
      <TrainingLoadCard load={load.data} />
      {streams.error ? <ProblemAlert problem={problemOf(streams.error)} /> : null}
      {hasRoute ? (
        streams.data?.lat && streams.data.lon ? (
          <>
            <RouteMap
              lat={streams.data.lat}
              lon={streams.data.lon}
              tiles={tiles}
              hover={hover}
              stretch={stretch}
              pickStart={picking ? pickStart : null}
              onPick={picking ? onPick : null}
            />
            <MapStretchBar
              picking={picking}
              pickStart={pickStart}
              metres={stretchMetres(stretch, streams.data.distance)}
              units={units}
              onPicking={startPicking}
            />
          </>
        ) : (
          <div className="map skeleton-block" aria-hidden="true" />
        )
      ) : null}
      {a && streams.data ? (
        <ActivityCharts
          streams={streams.data}
          units={units}
          activityType={a.activity_type}
          hover={hover}
          reservedCharts={expectedChartCount(a)}
          onStretch={setStretch}
        />
      ) : (
        <Skeleton height={a ? `${expectedChartCount(a) * 200 + 60}px` : '40rem'} />
      )}
      <div className="two-col">
        {laps.data && a ? (
          <LapsTable laps={laps.data} units={units} activityType={a.activity_type} lapGap={lapGap} poolLength={a.pool_length} />
        ) : (
          <Skeleton height="12rem" />
        )}
        <HrZones zones={zones.data} hasHeartRate={a ? a.average_hr != null : true} />
      </div>
      <GradeAdjustedPace gap={gap.data} units={units} />
      <BestEfforts data={efforts.data} units={units} />
      {streams.data?.lat ? (
        <SegmentEfforts id={id} stretch={stretch} onStretch={setStretch} distance={streams.data.distance ?? undefined} units={units} />
      ) : null}
      {a ? <ExcludeFromRecords activity={a} /> : null}
      <ActivityPhotos id={id} />
    </article>
  );
}
