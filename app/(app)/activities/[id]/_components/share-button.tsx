'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { Activity } from '../../../../_lib/trpc-types';

type Audience = 'strava' | 'hidden' | 'private' | 'public';

/** CONTRACT: Beyond the spec … Maps, privacy zones, sharing: who can open /a/{id}. */
function audience(activity: Activity): Audience {
  if (activity.source === 'strava') return 'strava';
  if (activity.is_hidden) return 'hidden';
  if (activity.visibility !== 'public') return 'private';
  return 'public';
}

/** Copies the public link of the activity and says who can see it. */
export function ShareButton({ activity }: { activity: Activity }) {
  const t = useTranslations('activity.share');
  const [status, setStatus] = useState<string | null>(null);
  const who = audience(activity);
  const text = t(`audience.${who}`);
  const link = typeof window === 'undefined' ? `/a/${activity.id}` : `${window.location.origin}/a/${activity.id}`;

  async function share() {
    if (who !== 'public') {
      setStatus(text);
      return;
    }
    try {
      await navigator.clipboard.writeText(link);
      setStatus(t('copied', { link, audience: text }));
    } catch {
      // no clipboard (a page served over plain http): the link is shown to copy by hand
      setStatus(t('copyByHand', { link, audience: text }));
    }
  }

  return (
    <span className="share">
      <button type="button" onClick={() => void share()} data-testid="share-button">
        {t('button')}
      </button>
      <span role="status" className="small muted" data-testid="share-status">
        {status}
      </span>
    </span>
  );
}
