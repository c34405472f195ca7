'use client';
import { useTranslations } from 'next-intl';
import { ScrollRegion } from '../../../../_components/scroll-region';
import { SectionCard } from '../../../../_components/section-card';
import { usesPace } from '../../../../_lib/activity-series';
import { cadenceDisplay, isSwim, swimPaceLabel, swimPaceNumber, swolf } from '../../../../_lib/sport-display';
import type { Units } from '../../../../_lib/units';
import { useLocaleFormats } from '../../../../_lib/use-formats';
import type { LapResponse } from '@/server/services/activities/schemas';

type Lap = LapResponse;

/** `short` is the header on narrow screens; screen readers always get `title` */
type Column = { title: string; short?: string; unit?: string; cell: (lap: Lap) => string; shown: boolean };

/**
 * The laps, every column fitting the panel from a phone up: units are named once in the header
 * (the cells hold bare numbers) and columns the device never recorded are left out.
 */
export function LapsTable({
  laps,
  units,
  activityType,
  lapGap,
  poolLength = null,
}: {
  laps: Lap[];
  units: Units;
  activityType: string;
  /** grade-adjusted pace (s/km) by lap index, for runs with altitude */
  lapGap?: Map<number, number | null>;
  /** a pool swim's length (m): each lap's SWOLF */
  poolLength?: number | null;
}) {
  const t = useTranslations('activity.laps');
  const f = useLocaleFormats(units, null);
  const whole = (v: number | null) => (v == null ? '—' : f.number(Math.round(v)));
  const pace = usesPace(activityType);
  const cadence = cadenceDisplay(activityType);
  const labels = f.labels;
  const has = (key: keyof Lap) => laps.some((lap) => lap[key] != null);
  const columns: Column[] = [
    { title: t('time'), cell: (lap) => f.duration(lap.total_timer_time ?? lap.total_elapsed_time), shown: true },
    { title: t('distance'), short: t('distanceShort'), unit: labels.distance, cell: (lap) => f.distanceNumber(lap.distance), shown: true },
    isSwim(activityType)
      ? { title: t('pace'), unit: swimPaceLabel(units), cell: (lap) => swimPaceNumber(lap.average_speed, units), shown: true }
      : pace
        ? { title: t('pace'), unit: labels.pace, cell: (lap) => f.paceNumber(lap.average_speed), shown: true }
        : { title: t('speed'), unit: labels.speed, cell: (lap) => f.speedNumber(lap.average_speed), shown: true },
    {
      title: t('gap'),
      unit: labels.pace,
      cell: (lap) => {
        const gap = lapGap?.get(lap.lap_index);
        return gap ? f.paceNumber(1000 / gap) : '—';
      },
      shown: pace && [...(lapGap?.values() ?? [])].some((v) => v != null),
    },
    { title: t('averageHr'), short: t('averageHrShort'), unit: 'bpm', cell: (lap) => whole(lap.average_hr), shown: has('average_hr') },
    { title: t('maxHr'), short: t('maxHrShort'), unit: 'bpm', cell: (lap) => whole(lap.max_hr), shown: has('max_hr') },
    { title: t('power'), short: t('powerShort'), unit: 'W', cell: (lap) => whole(lap.average_power), shown: has('average_power') },
    {
      title: t('cadence'),
      short: t('cadenceShort'),
      unit: cadence.unit,
      cell: (lap) => whole(lap.average_cadence == null ? null : cadence.value(lap.average_cadence)),
      shown: has('average_cadence'),
    },
    { title: t('ascent'), short: t('ascentShort'), unit: labels.elevation, cell: (lap) => f.elevationNumber(lap.ascent), shown: has('ascent') },
    { title: t('strokes'), cell: (lap) => whole(lap.total_strokes), shown: has('total_strokes') },
    {
      title: t('swolf'),
      cell: (lap) => whole(swolf(lap.total_timer_time ?? lap.total_elapsed_time, lap.total_strokes, lap.distance, poolLength)),
      shown: poolLength != null && has('total_strokes'),
    },
  ];
  const shown = columns.filter((c) => c.shown);
  return (
    <SectionCard title={t('title')} className="laps-panel">
      {laps.length === 0 ? (
        <p className="muted">{t('none')}</p>
      ) : (
        <ScrollRegion label={t('table')}>
          <table data-testid="laps" className="compact keep-table">
            <thead>
              <tr>
                <th scope="col">{t('lap')}</th>
                {shown.map((c) => (
                  <th key={c.title} scope="col" className="num">
                    {c.short ? (
                      <>
                        <span className="long">{c.title}</span>
                        <span className="short" aria-hidden="true">
                          {c.short}
                        </span>
                      </>
                    ) : (
                      c.title
                    )}
                    {c.unit ? <span className="unit">{c.unit}</span> : null}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {laps.map((lap) => (
                <tr key={lap.lap_index}>
                  <th scope="row">{lap.lap_index + 1}</th>
                  {shown.map((c) => (
                    <td key={c.title} className="num">
                      {c.cell(lap)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </SectionCard>
  );
}
