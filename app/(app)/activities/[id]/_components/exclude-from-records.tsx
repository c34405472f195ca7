'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ProblemAlert } from '../../../../_components/problem-alert';
import { problemOf, type Problem } from '../../../../_lib/problem';
import { refreshQuery } from '../../../../_lib/refresh-query';
import { trpc } from '../../../../_lib/trpc';
import type { Activity } from '../../../../_lib/trpc-types';

/**
 * CONTRACT: Real history … exclude_from_records: the owner takes an activity out of records (a car
 * ride recorded as a run, a shared effort). Saved at once; its efforts stay on this page, unranked.
 */
export function ExcludeFromRecords({ activity }: { activity: Activity }) {
  const t = useTranslations('excludeFromRecords');
  const utils = trpc.useUtils();
  const update = trpc.activities.update.useMutation();
  const [problem, setProblem] = useState<Problem | null>(null);

  async function save(exclude: boolean) {
    setProblem(null);
    try {
      const updated = await update.mutateAsync({ id: activity.id, expected_version: activity.version, changes: { exclude_from_records: exclude } });
      utils.activities.get.setData({ id: activity.id }, updated);
      void refreshQuery(utils.progress.bestEfforts);
      void refreshQuery(utils.progress.records);
      void refreshQuery(utils.progress.recentRecords);
    } catch (error) {
      setProblem(problemOf(error));
    }
  }

  return (
    <div className="card" data-testid="exclude-from-records">
      <label className="choice">
        <input
          type="checkbox"
          data-testid="exclude-from-records-toggle"
          checked={activity.exclude_from_records}
          disabled={update.isPending}
          onChange={(event) => void save(event.target.checked)}
        />{' '}
        {t('label')}
      </label>
      <p className="muted">{activity.exclude_from_records ? t('excludedHint') : t('hint')}</p>
      <ProblemAlert problem={problem} />
    </div>
  );
}
