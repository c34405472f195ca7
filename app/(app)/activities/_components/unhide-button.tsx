'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ProblemAlert } from '../../../_components/problem-alert';
import { problemOf, type Problem } from '../../../_lib/problem';
import { refreshQuery } from '../../../_lib/refresh-query';
import { trpc } from '../../../_lib/trpc';

/**
 * Shows a hidden activity again (a duplicate is stored hidden). Sent without a version: unhiding
 * means the same whatever else changed, so a list read a while ago never makes it fail.
 */
export function UnhideButton({ activity }: { activity: { id: number; name: string } }) {
  const t = useTranslations('flows.sharing');
  const utils = trpc.useUtils();
  const update = trpc.activities.update.useMutation();
  const [problem, setProblem] = useState<Problem | null>(null);

  async function unhide() {
    setProblem(null);
    try {
      const updated = await update.mutateAsync({ id: activity.id, changes: { is_hidden: false } });
      utils.activities.get.setData({ id: activity.id }, updated);
      void refreshQuery(utils.activities.list);
    } catch (error) {
      setProblem(problemOf(error));
    }
  }

  return (
    <>
      <button
        type="button"
        onClick={() => void unhide()}
        disabled={update.isPending}
        aria-label={t('unhideNamed', { name: activity.name })}
        data-testid="unhide"
      >
        {t('unhide')}
      </button>
      <ProblemAlert problem={problem} />
    </>
  );
}
