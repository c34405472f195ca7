import { usesPace } from '../../../../_lib/activity-series';
import { formatDistance, formatDuration, formatElevation, formatPace, formatSpeed, type Units } from '../../../../_lib/units';

interface Lap {
  lap_index: number;
  total_elapsed_time: number | null;
  total_timer_time: number | null;
  distance: number | null;
  average_hr: number | null;
  max_hr: number | null;
  average_speed: number | null;
  average_power: number | null;
  average_cadence: number | null;
  ascent: number | null;
}

const whole = (v: number | null) => (v == null ? '—' : String(Math.round(v)));

export function LapsTable({ laps, units, activityType }: { laps: Lap[]; units: Units; activityType: string }) {
  const pace = usesPace(activityType);
  const has = (key: keyof Lap) => laps.some((lap) => lap[key] != null);
  return (
    <section className="card" aria-labelledby="laps-heading">
      <h2 id="laps-heading">Laps</h2>
      {laps.length === 0 ? (
        <p className="muted">No laps recorded.</p>
      ) : (
        <div className="table-scroll">
          <table data-testid="laps">
            <thead>
              <tr>
                <th scope="col">Lap</th>
                <th scope="col" className="num">Time</th>
                <th scope="col" className="num">Distance</th>
                <th scope="col" className="num">{pace ? 'Pace' : 'Speed'}</th>
                {has('average_hr') ? <th scope="col" className="num">Avg HR</th> : null}
                {has('max_hr') ? <th scope="col" className="num">Max HR</th> : null}
                {has('average_power') ? <th scope="col" className="num">Power</th> : null}
                {has('average_cadence') ? <th scope="col" className="num">Cadence</th> : null}
                {has('ascent') ? <th scope="col" className="num">Ascent</th> : null}
              </tr>
            </thead>
            <tbody>
              {laps.map((lap) => (
                <tr key={lap.lap_index}>
                  <th scope="row">{lap.lap_index + 1}</th>
                  <td className="num">{formatDuration(lap.total_timer_time ?? lap.total_elapsed_time)}</td>
                  <td className="num">{formatDistance(lap.distance, units)}</td>
                  <td className="num">{pace ? formatPace(lap.average_speed, units) : formatSpeed(lap.average_speed, units)}</td>
                  {has('average_hr') ? <td className="num">{whole(lap.average_hr)}</td> : null}
                  {has('max_hr') ? <td className="num">{whole(lap.max_hr)}</td> : null}
                  {has('average_power') ? <td className="num">{whole(lap.average_power)}</td> : null}
                  {has('average_cadence') ? <td className="num">{whole(lap.average_cadence)}</td> : null}
                  {has('ascent') ? <td className="num">{formatElevation(lap.ascent, units)}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
