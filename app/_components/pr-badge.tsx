import { PR_NAMES } from '../_lib/efforts';

/** A personal-record badge: PR, 2nd or 3rd (pr_rank 1–3), named in full for screen readers. */
export function PrBadge({ rank }: { rank: 1 | 2 | 3 | null }) {
  if (!rank) return null;
  return (
    <span className={`pr-badge pr-${rank}`} title={PR_NAMES[rank]} aria-label={PR_NAMES[rank]} data-testid="pr-badge">
      {rank === 1 ? 'PR' : rank === 2 ? '2nd' : '3rd'}
    </span>
  );
}
