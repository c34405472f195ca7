'use client';
import type { SegmentEffortResponse } from '@/server/services/segments/schemas';
import { formatClock } from '../../../../_lib/units';

const [W, H, PAD] = [640, 180, 36];

/** Every effort as a dot: when it was ridden (x) against its time (y, faster lower). A plain SVG: a few hundred dots need no chart library. */
export function EffortsOverTime({ efforts, label }: { efforts: SegmentEffortResponse[]; label: string }) {
  if (efforts.length < 2) return null;
  const xs = efforts.map((e) => Date.parse(e.start_time));
  const ys = efforts.map((e) => e.elapsed_time);
  const [x0, x1] = [Math.min(...xs), Math.max(...xs)];
  const [y0, y1] = [Math.min(...ys), Math.max(...ys)];
  const x = (v: number) => PAD + ((v - x0) / Math.max(1, x1 - x0)) * (W - 2 * PAD);
  const y = (v: number) => PAD / 2 + ((v - y0) / Math.max(1, y1 - y0)) * (H - PAD);
  return (
    <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} className="efforts-over-time" data-testid="efforts-over-time">
      <text x={4} y={y(y0) + 4} fontSize="11">
        {formatClock(Math.round(y0))}
      </text>
      <text x={4} y={y(y1) + 4} fontSize="11">
        {formatClock(Math.round(y1))}
      </text>
      {efforts.map((e, i) => (
        <circle key={e.id} cx={x(xs[i]!)} cy={y(ys[i]!)} r={4} fill={e.pr_rank === 1 ? 'var(--accent, #e4572e)' : 'currentColor'} opacity={0.75}>
          <title>{`${e.start_time.slice(0, 10)}: ${formatClock(Math.round(e.elapsed_time))}`}</title>
        </circle>
      ))}
    </svg>
  );
}
