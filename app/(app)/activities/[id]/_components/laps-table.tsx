import { ScrollRegion } from '../../../../_components/scroll-region';
import { SectionCard } from '../../../../_components/section-card';
import { usesPace } from '../../../../_lib/activity-series';
import { distanceNumber, elevationNumber, formatDuration, paceNumber, speedNumber, unitLabels, type Units } from '../../../../_lib/units';
import type { LapResponse } from '@/server/services/activities/schemas';

type Lap = LapResponse;

/** `short` is the header on narrow screens; screen readers always get `title` */
type Column = { title: string; short?: string; unit?: string; cell: (lap: Lap) => string; shown: boolean };

const whole = (v: number | null) => (v == null ? '—' : String(Math.round(v)));

/**
 * The laps, every column fitting the panel from a phone up: units are named once in the header
 * (the cells hold bare numbers) and columns the device never recorded are left out.
 */
export function LapsTable({ laps, units, activityType }: { laps: Lap[]; units: Units; activityType: string }) {
  const pace = usesPace(activityType);
  const labels = unitLabels(units);
  const has = (key: keyof Lap) => laps.some((lap) => lap[key] != null);
  const columns: Column[] = [
    { title: 'Time', cell: (lap) => formatDuration(lap.total_timer_time ?? lap.total_elapsed_time), shown: true },
    { title: 'Distance', short: 'Dist', unit: labels.distance, cell: (lap) => distanceNumber(lap.distance, units), shown: true },
    pace
      ? { title: 'Pace', unit: labels.pace, cell: (lap) => paceNumber(lap.average_speed, units), shown: true }
      : { title: 'Speed', unit: labels.speed, cell: (lap) => speedNumber(lap.average_speed, units), shown: true },
    { title: 'Avg HR', short: 'HR', unit: 'bpm', cell: (lap) => whole(lap.average_hr), shown: has('average_hr') },
    { title: 'Max HR', short: 'Max', unit: 'bpm', cell: (lap) => whole(lap.max_hr), shown: has('max_hr') },
    { title: 'Power', short: 'Pwr', unit: 'W', cell: (lap) => whole(lap.average_power), shown: has('average_power') },
    { title: 'Cadence', short: 'Cad', unit: pace ? 'spm' : 'rpm', cell: (lap) => whole(lap.average_cadence), shown: has('average_cadence') },
    { title: 'Ascent', short: 'Asc', unit: labels.elevation, cell: (lap) => elevationNumber(lap.ascent, units), shown: has('ascent') },
  ];
  const shown = columns.filter((c) => c.shown);
  return (
    <SectionCard title="Laps" className="laps-panel">
      {laps.length === 0 ? (
        <p className="muted">No laps recorded.</p>
      ) : (
        <ScrollRegion label="Laps table">
          <table data-testid="laps" className="compact">
            <thead>
              <tr>
                <th scope="col">Lap</th>
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
