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
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className="pager" aria-label="Pages">
      <span className="muted" aria-live="polite">
        {first}–{last} of {total}
      </span>
      <div className="row">
        <button type="button" onClick={() => onPage(page - 1)} disabled={page <= 1 || busy}>
          ← Previous
        </button>
        <button type="button" onClick={() => onPage(page + 1)} disabled={!hasNext || busy}>
          Next →
        </button>
      </div>
    </nav>
  );
}
