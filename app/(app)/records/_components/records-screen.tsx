'use client';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useState } from 'react';
import { BestEffortsTable } from '../../../_components/best-efforts-table';
import { PowerCurveChart } from '../../../_components/power-curve-chart';
import { SportFamilyOptions } from '../../../_components/activity-type-options';
import { ProblemAlert } from '../../../_components/problem-alert';
import { ScrollRegion } from '../../../_components/scroll-region';
import { SectionCard } from '../../../_components/section-card';
import { Skeleton } from '../../../_components/skeleton';
import { useActivityName } from '../../../_lib/activity-name';
import { durationName, todayIn } from '../../../_lib/efforts';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { useFormats } from '../../../_lib/use-formats';
import { useMe } from '../../../_lib/use-me';
import type { RecordsResponse } from '@/server/services/efforts/schemas';
import { type SportFamily } from '@/server/services/efforts/sport-families';

/** CONTRACT: … Best efforts and records: the records of one sport family, all time or in one year. */
export function RecordsScreen() {
  const t = useTranslations('records');
  const efforts = useTranslations('efforts');
  const f = useFormats();
  const { me, units, timezone } = useMe();
  const [family, setFamily] = useState<SportFamily>('run');
  const [year, setYear] = useState<number | ''>('');
  const thisYear = Number(todayIn(timezone).slice(0, 4));
  const records = trpc.progress.records.useQuery({ type: family, ...(year ? { year } : {}) }, { enabled: me.isSuccess });
  const r = records.data;
  return (
    <div>
      <h1>{t('title')}</h1>
      <div className="period-switch">
        <label>
          {t('sport')}
          <select value={family} onChange={(e) => setFamily(e.target.value as SportFamily)}>
            <SportFamilyOptions />
          </select>
        </label>
        <label>
          {t('year')}
          <select value={year} onChange={(e) => setYear(e.target.value ? Number(e.target.value) : '')}>
            <option value="">{t('allTime')}</option>
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
            <section className="card" aria-label={t('longestDistance')}>
              <h2>{t('longestDistance')}</h2>
              <p className="big">{r.longest ? <Link href={`/activities/${r.longest.activity_id}`}>{f.distance(r.longest.distance)}</Link> : '—'}</p>
            </section>
            <section className="card" aria-label={t('longestTime')}>
              <h2>{t('longestTime')}</h2>
              <p className="big">
                {r.longest_time ? <Link href={`/activities/${r.longest_time.activity_id}`}>{f.duration(r.longest_time.moving_time)}</Link> : '—'}
              </p>
            </section>
            <section className="card" aria-label={t('biggestClimb')}>
              <h2>{t('biggestClimb')}</h2>
              <p className="big">
                {r.biggest_climb ? <Link href={`/activities/${r.biggest_climb.activity_id}`}>{f.elevation(r.biggest_climb.elevation_gain)}</Link> : '—'}
              </p>
            </section>
          </div>
          <div className="two-col">
            {r.best_efforts.length ? (
              <SectionCard title={efforts('bestEfforts')} testId="records-best-efforts">
                <BestEffortsTable
                  label={t('bestEffortsTable')}
                  efforts={r.best_efforts}
                  units={units}
                  lastHeading={t('activity')}
                  lastCell={(e) => <RecordLink record={e} />}
                />
              </SectionCard>
            ) : null}
            {r.power_curve.length ? (
              <SectionCard title={efforts('powerCurve')} testId="records-power-curve">
                <PowerCurveChart points={r.power_curve} label={t('powerCurveLabel')} />
                <ScrollRegion label={t('powerTable')}>
                  <table className="compact">
                    <thead>
                      <tr>
                        <th scope="col">{efforts('duration')}</th>
                        <th scope="col" className="num">
                          {t('watts')}
                        </th>
                        <th scope="col">{t('activity')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {r.power_curve.map((p) => (
                        <tr key={p.duration}>
                          <th scope="row">{durationName(p.duration)}</th>
                          <td className="num">{p.watts}</td>
                          <td>
                            <RecordLink record={p} />
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </ScrollRegion>
              </SectionCard>
            ) : null}
          </div>
          {!r.best_efforts.length && !r.power_curve.length && !r.longest ? <p className="muted">{t('empty')}</p> : null}
        </>
      )}
    </div>
  );
}

type RecordHolder = RecordsResponse['power_curve'][number];

/** The activity that holds a record: its name, and the day it started in its own time zone (as its page dates it). */
function RecordLink({ record }: { record: Pick<RecordHolder, 'activity_id' | 'activity_name' | 'activity_type' | 'timezone' | 'start_time'> }) {
  const f = useFormats();
  const activityName = useActivityName();
  return (
    <>
      <Link href={`/activities/${record.activity_id}`}>{activityName(record.activity_name, record.activity_type)}</Link>{' '}
      <span className="muted">{f.date(record.start_time, record.timezone)}</span>
    </>
  );
}
