'use client';
import Link from 'next/link';
import { useState } from 'react';
import { BestEffortsTable } from '../../../_components/best-efforts-table';
import { PowerCurveChart } from '../../../_components/power-curve-chart';
import { ProblemAlert } from '../../../_components/problem-alert';
import { ScrollRegion } from '../../../_components/scroll-region';
import { SectionCard } from '../../../_components/section-card';
import { Skeleton } from '../../../_components/skeleton';
import { formatDate } from '../../../_lib/dates';
import { durationName, todayIn } from '../../../_lib/efforts';
import { problemOf } from '../../../_lib/problem';
import { FAMILY_NAMES } from '../../../_lib/sport-colors';
import { trpc } from '../../../_lib/trpc';
import { formatDistance, formatDuration, formatElevation } from '../../../_lib/units';
import { useMe } from '../../../_lib/use-me';
import { SPORT_FAMILIES, type SportFamily } from '@/server/services/efforts/sport-families';

/** CONTRACT: … Best efforts and records: the records of one sport family, all time or in one year. */
export function RecordsScreen() {
  const { me, units, timezone } = useMe();
  const [family, setFamily] = useState<SportFamily>('run');
  const [year, setYear] = useState<number | ''>('');
  const thisYear = Number(todayIn(timezone).slice(0, 4));
  const records = trpc.progress.records.useQuery({ type: family, ...(year ? { year } : {}) }, { enabled: me.isSuccess });
  const r = records.data;
  return (
    <div>
      <h1>Records</h1>
      <div className="period-switch">
        <label>
          Sport
          <select value={family} onChange={(e) => setFamily(e.target.value as SportFamily)}>
            {SPORT_FAMILIES.map((f) => (
              <option key={f} value={f}>
                {FAMILY_NAMES[f]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Year
          <select value={year} onChange={(e) => setYear(e.target.value ? Number(e.target.value) : '')}>
            <option value="">All time</option>
            {Array.from({ length: 10 }, (_, i) => thisYear - i).map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
      </div>
      {records.error ? <ProblemAlert problem={problemOf(records.error)} /> : null}
      {!r ? (
        <Skeleton height="20rem" />
      ) : (
        <>
          <div className="summary-cards" data-testid="records-longest">
            <section className="card" aria-label="Longest distance">
              <h2>Longest distance</h2>
              <p className="big">{r.longest ? <Link href={`/activities/${r.longest.activity_id}`}>{formatDistance(r.longest.distance, units)}</Link> : '—'}</p>
            </section>
            <section className="card" aria-label="Longest time">
              <h2>Longest time</h2>
              <p className="big">
                {r.longest_time ? <Link href={`/activities/${r.longest_time.activity_id}`}>{formatDuration(r.longest_time.moving_time)}</Link> : '—'}
              </p>
            </section>
            <section className="card" aria-label="Biggest climb">
              <h2>Biggest climb</h2>
              <p className="big">
                {r.biggest_climb ? (
                  <Link href={`/activities/${r.biggest_climb.activity_id}`}>{formatElevation(r.biggest_climb.elevation_gain, units)}</Link>
                ) : (
                  '—'
                )}
              </p>
            </section>
          </div>
          <div className="two-col">
            {r.best_efforts.length ? (
              <SectionCard title="Best efforts" testId="records-best-efforts">
                <BestEffortsTable
                  label="Best efforts records"
                  efforts={r.best_efforts}
                  units={units}
                  lastHeading="Activity"
                  lastCell={(e) => <RecordLink record={e} timezone={timezone} />}
                />
              </SectionCard>
            ) : null}
            {r.power_curve.length ? (
              <SectionCard title="Power curve" testId="records-power-curve">
                <PowerCurveChart points={r.power_curve} label="Best mean power for each duration over these activities" />
                <ScrollRegion label="Power records">
                  <table className="compact">
                    <thead>
                      <tr>
                        <th scope="col">Duration</th>
                        <th scope="col" className="num">
                          Watts
                        </th>
                        <th scope="col">Activity</th>
                      </tr>
                    </thead>
                    <tbody>
                      {r.power_curve.map((p) => (
                        <tr key={p.duration}>
                          <th scope="row">{durationName(p.duration)}</th>
                          <td className="num">{p.watts}</td>
                          <td>
                            <RecordLink record={p} timezone={timezone} />
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </ScrollRegion>
              </SectionCard>
            ) : null}
          </div>
          {!r.best_efforts.length && !r.power_curve.length && !r.longest ? <p className="muted">No activities of this sport yet.</p> : null}
        </>
      )}
    </div>
  );
}

/** The activity that holds a record, named by the day it started. */
function RecordLink({ record, timezone }: { record: { activity_id: number; start_time: string }; timezone: string | null }) {
  return <Link href={`/activities/${record.activity_id}`}>{formatDate(record.start_time, timezone)}</Link>;
}
