'use client';
import { useState } from 'react';
import type { Activity } from '../../../../_lib/trpc-types';

/** CONTRACT: Beyond the spec … Maps, privacy zones, sharing: who can open /a/{id}. */
function audience(activity: Activity): { shareable: boolean; text: string } {
  if (activity.source === 'strava')
    return { shareable: false, text: "Only you can see this activity: Strava's terms let synced activities be shown to their owner only." };
  if (activity.is_hidden) return { shareable: false, text: 'Only you can see this activity: it is hidden.' };
  if (activity.visibility !== 'public') return { shareable: false, text: 'Only you can see this activity. Set its visibility to public to share it.' };
  return { shareable: true, text: 'Anyone with the link can see this activity, without the points inside your privacy zones.' };
}

/** Copies the public link of the activity and says who can see it. */
export function ShareButton({ activity }: { activity: Activity }) {
  const [status, setStatus] = useState<string | null>(null);
  const { shareable, text } = audience(activity);
  const link = typeof window === 'undefined' ? `/a/${activity.id}` : `${window.location.origin}/a/${activity.id}`;

  async function share() {
    if (!shareable) {
      setStatus(text);
      return;
    }
    try {
      await navigator.clipboard.writeText(link);
      setStatus(`Link copied: ${link}. ${text}`);
    } catch {
      // no clipboard (a page served over plain http): the link is shown to copy by hand
      setStatus(`Copy this link: ${link}. ${text}`);
    }
  }

  return (
    <span className="share">
      <button type="button" onClick={() => void share()} data-testid="share-button">
        Share
      </button>
      <span role="status" className="small muted" data-testid="share-status">
        {status}
      </span>
    </span>
  );
}
