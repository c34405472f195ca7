'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ProblemAlert } from '../../../../_components/problem-alert';
import { problemOf, type Problem } from '../../../../_lib/problem';
import { refreshQuery } from '../../../../_lib/refresh-query';
import { trpc } from '../../../../_lib/trpc';
import type { Activity } from '../../../../_lib/trpc-types';

type Audience = 'strava' | 'hidden' | 'private' | 'public';

/** CONTRACT: Beyond the spec … Maps, privacy zones, sharing: who can open /a/{id}. */
function audience(activity: Activity): Audience {
  if (activity.source === 'strava') return 'strava';
  if (activity.is_hidden) return 'hidden';
  if (activity.visibility !== 'public') return 'private';
  return 'public';
}

/**
 * Copies the public link of the activity and says who can see it. A private activity (or a hidden
 * one) is offered to be made public (and shown) here, in one step, before the link is copied.
 */
export function ShareButton({ activity }: { activity: Activity }) {
  const t = useTranslations('activity.share');
  const flows = useTranslations('flows.sharing');
  const utils = trpc.useUtils();
  const update = trpc.activities.update.useMutation();
  const [status, setStatus] = useState<string | null>(null);
  const [offer, setOffer] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const who = audience(activity);
  const link = typeof window === 'undefined' ? `/a/${activity.id}` : `${window.location.origin}/a/${activity.id}`;

  async function copy() {
    const text = t('audience.public');
    try {
      await navigator.clipboard.writeText(link);
      setStatus(t('copied', { link, audience: text }));
    } catch {
      // no clipboard (a page served over plain http): the link is shown to copy by hand
      setStatus(t('copyByHand', { link, audience: text }));
    }
  }

  async function share() {
    setProblem(null);
    if (who !== 'public') {
      setStatus(t(`audience.${who}`));
      setOffer(who !== 'strava');
      return;
    }
    await copy();
  }

  async function makePublic() {
    setProblem(null);
    try {
      const updated = await update.mutateAsync({ id: activity.id, expected_version: activity.version, changes: { visibility: 'public', is_hidden: false } });
      utils.activities.get.setData({ id: activity.id }, updated);
      void refreshQuery(utils.activities.list);
      setOffer(false);
      await copy();
    } catch (error) {
      setProblem(problemOf(error));
    }
  }

  return (
    <span className="share share-panel">
      <button type="button" onClick={() => void share()} data-testid="share-button">
        {t('button')}
      </button>
      <span role="status" className="small muted" data-testid="share-status">
        {status}
      </span>
      {offer ? (
        <button type="button" className="primary" onClick={() => void makePublic()} disabled={update.isPending} data-testid="make-public">
          {flows('makePublic')}
        </button>
      ) : null}
      <ProblemAlert problem={problem} />
    </span>
  );
}
