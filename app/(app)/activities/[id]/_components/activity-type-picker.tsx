'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ActivityTypeOptions } from '../../../../_components/activity-type-options';
import { ProblemAlert } from '../../../../_components/problem-alert';
import type { ACTIVITY_TYPES } from '../../../../_lib/activity-types';
import { problemOf, type Problem } from '../../../../_lib/problem';
import { trpc } from '../../../../_lib/trpc';
import type { Activity } from '../../../../_lib/trpc-types';
import { refreshQuery } from '../../../../_lib/refresh-query';

/**
 * The activity's type as a one-click control: choosing another type saves it at once (issue 17:
 * correcting a guess must stay one click). A type Stride inferred, because the file named no
 * sport, carries an "inferred" mark until someone chooses a type.
 */
export function ActivityTypePicker({ activity }: { activity: Activity }) {
  const t = useTranslations('activity');
  const utils = trpc.useUtils();
  const update = trpc.activities.update.useMutation();
  const [problem, setProblem] = useState<Problem | null>(null);

  async function choose(type: (typeof ACTIVITY_TYPES)[number]) {
    setProblem(null);
    try {
      const updated = await update.mutateAsync({ id: activity.id, expected_version: activity.version, changes: { activity_type: type } });
      utils.activities.get.setData({ id: activity.id }, updated);
      void refreshQuery(utils.activities.list);
    } catch (error) {
      setProblem(problemOf(error));
    }
  }

  return (
    <>
      <select
        className="inline-select"
        aria-label={t('type')}
        data-testid="activity-type"
        value={activity.activity_type}
        disabled={update.isPending}
        onChange={(event) => void choose(event.target.value as (typeof ACTIVITY_TYPES)[number])}
      >
        <ActivityTypeOptions />
      </select>
      {activity.activity_type_source === 'inferred' ? (
        <span className="badge" data-testid="type-inferred" title={t('inferredHint')}>
          {t('inferred')}
        </span>
      ) : null}
      <ProblemAlert problem={problem} />
    </>
  );
}
