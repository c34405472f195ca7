'use client';
import { useTranslations } from 'next-intl';

const RANKS = { 1: 'first', 2: 'second', 3: 'third' } as const;

/** A personal-record badge: PR, 2nd or 3rd (pr_rank 1–3), named in full for screen readers. */
export function PrBadge({ rank }: { rank: 1 | 2 | 3 | null }) {
  const t = useTranslations('efforts.pr');
  if (!rank) return null;
  const name = t(`${RANKS[rank]}.name`);
  return (
    <span className={`pr-badge pr-${rank}`} title={name} aria-label={name} data-testid="pr-badge">
      {t(`${RANKS[rank]}.badge`)}
    </span>
  );
}
