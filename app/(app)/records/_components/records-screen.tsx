'use client';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useState } from 'react';
import { PowerCurveChart } from '../../../_components/power-curve-chart';
import { ProblemAlert } from '../../../_components/problem-alert';
import { ScrollRegion } from '../../../_components/scroll-region';
import { SectionCard } from '../../../_components/section-card';
import { Skeleton } from '../../../_components/skeleton';
import { durationName, todayIn, useEffortDistanceName } from '../../../_lib/efforts';
import { problemOf } from '../../../_lib/problem';
import { useSportFamilyName } from '../../../_lib/sport-names';
import { trpc } from '../../../_lib/trpc';
import { useFormats } from '../../../_lib/use-formats';
import { useMe } from '../../../_lib/use-me';
import { SPORT_FAMILIES, type SportFamily } from '@/server/services/efforts/sport-families';

/** CONTRACT: … Best efforts and records: the records of one sport family, all time or in one year. */
export function RecordsScreen() {
  const t = useTranslations('records');
  const efforts = useTranslations('efforts');
  const f = useFormats();
  const familyName = useSportFamilyName();
  const distanceName = useEffortDistanceName();
  const { me, timezone } = useMe();
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
            {SPORT_FAMILIES.map((sport) => (
              <option key={sport} value={sport}>
                {familyName(sport)}
              </option>
            ))}
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
                <ScrollRegion label={t('bestEffortsTable')}>
                  <table className="compact">
                    <thead>
                      <tr>
                        <th scope="col">{efforts('distance')}</th>
                        <th scope="col" className="num">
                          {efforts('time')}
                        </th>
                        <th scope="col" className="num">
                          {efforts('pace')}
                        </th>
                        <th scope="col">{t('activity')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {r.best_efforts.map((e) => (
                        <tr key={e.distance}>
                          <th scope="row">{distanceName(e.distance)}</th>
                          <td className="num">{f.clock(e.elapsed_time)}</td>
                          <td className="num">{f.pace(e.distance / e.elapsed_time)}</td>
                          <td>
                            <Link href={`/activities/${e.activity_id}`}>{f.date(e.start_time)}</Link>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </ScrollRegion>
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
                            <Link href={`/activities/${p.activity_id}`}>{f.date(p.start_time)}</Link>
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
