'use client';

/**
 * A value's share of a whole as a bar (a goal's progress, a component's wear), a progressbar to
 * assistive technology. Past the whole the bar stays full, coloured `done` (a goal) or `over` (a part).
 */
export function ShareBar({ value, whole, label, past = 'done' }: { value: number; whole: number; label: string; past?: 'done' | 'over' }) {
  const share = whole > 0 ? value / whole : 0;
  const percent = Math.round(share * 100);
  return (
    <div
      className={`share-bar${share >= 1 ? (past === 'over' ? ' over' : ' full') : ''}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.min(percent, 100)}
      aria-valuetext={`${percent} %`}
    >
      <span style={{ width: `${Math.min(share, 1) * 100}%` }} />
    </div>
  );
}
