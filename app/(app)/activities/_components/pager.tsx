'use client';
import { useTranslations } from 'next-intl';

export function Pager({
  page,
  pageSize,
  total,
  hasNext,
  busy,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  hasNext: boolean;
  busy: boolean;
  onPage: (page: number) => void;
}) {
  const t = useTranslations('activities');
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className="pager" aria-label={t('pages')}>
      <span className="muted" aria-live="polite">
        {t('range', { first, last, total })}
      </span>
      <div className="row">
        <button type="button" onClick={() => onPage(page - 1)} disabled={page <= 1 || busy}>
          ← {t('previous')}
        </button>
        <button type="button" onClick={() => onPage(page + 1)} disabled={!hasNext || busy}>
          {t('next')} →
        </button>
      </div>
    </nav>
  );
}
