import type { ReactNode } from 'react';
import { effortDistanceName } from '../_lib/efforts';
import { formatClock, formatPace, type Units } from '../_lib/units';
import { ScrollRegion } from './scroll-region';

/**
 * CONTRACT: Best efforts and records: one row a standard distance with its time and pace. An
 * activity's efforts and the records of a sport share it; the last column says what the row
 * links to (the PR rank of an activity's effort, the activity that holds a record).
 */
export function BestEffortsTable<T extends { distance: number; elapsed_time: number }>({
  label,
  efforts,
  units,
  lastHeading,
  lastCell,
}: {
  label: string;
  efforts: readonly T[];
  units: Units;
  lastHeading: string;
  lastCell: (effort: T) => ReactNode;
}) {
  return (
    <ScrollRegion label={label}>
      <table className="compact">
        <thead>
          <tr>
            <th scope="col">Distance</th>
            <th scope="col" className="num">
              Time
            </th>
            <th scope="col" className="num">
              Pace
            </th>
            <th scope="col">{lastHeading}</th>
          </tr>
        </thead>
        <tbody>
          {efforts.map((e) => (
            <tr key={e.distance}>
              <th scope="row">{effortDistanceName(e.distance)}</th>
              <td className="num">{formatClock(e.elapsed_time)}</td>
              <td className="num">{formatPace(e.elapsed_time > 0 ? e.distance / e.elapsed_time : null, units)}</td>
              <td>{lastCell(e)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
