import { DRAW_POINTS, lttb } from './simplify';
import { formatClock, toDistance, toElevation, toPace, toSpeed, unitLabels, type Units } from './units';
import { intlTag } from './locale-format';
import { cadenceDisplay, isSwim, showsElevation, swimPaceLabel, toSwimPace } from './sport-display';

// Chart series from an activity's streams, in the user's units, reduced for drawing.

export type Streams = Partial<
  Record<'time' | 'lat' | 'lon' | 'distance' | 'altitude' | 'heart_rate' | 'cadence' | 'power' | 'speed' | 'temperature' | 'gap', (number | null)[]>
>;
export type XAxis = 'distance' | 'time';
export type ChartKey = 'altitude' | 'pace' | 'gap' | 'speed' | 'heart_rate' | 'power' | 'cadence';

export interface ChartSeries {
  key: ChartKey;
  title: string;
  unit: string;
  color: string;
  /** pace: lower is faster, so the axis runs downwards */
  invert: boolean;
  format: (value: number) => string;
  /** a y range that ignores outliers (pace spikes at stops), or null for uPlot's own */
  range: [number, number] | null;
  data: [number[], (number | null)[]];
  /** a second line on the same axis (GAP on the pace chart), its values at the same x */
  line: { key: ChartKey; title: string; color: string; values: (number | null)[] } | null;
}

/** 2nd to 98th percentile, padded by 10%: a few stops or GPS jumps must not flatten the line. */
function robustRange(values: (number | null)[]): [number, number] | null {
  const sorted = values.filter((v): v is number => v != null).sort((a, b) => a - b);
  if (sorted.length < 10) return null;
  const low = sorted[Math.floor(sorted.length * 0.02)]!;
  const high = sorted[Math.floor(sorted.length * 0.98)]!;
  const pad = Math.max((high - low) * 0.1, 1);
  return [Math.max(0, low - pad), high + pad];
}

const PACE_TYPES = /run|walk|hike|treadmill|snowshoe/;
export const usesPace = (activityType: string) => PACE_TYPES.test(activityType);

/** The x value of every stored point: seconds from the start, or distance in display units (forward-filled). */
export function fullXAxis(streams: Streams, axis: XAxis, units: Units): number[] | null {
  const source = axis === 'time' ? streams.time : streams.distance;
  if (!source?.length) return null;
  const out = new Array<number>(source.length);
  let last = 0;
  for (let i = 0; i < source.length; i++) {
    const v = source[i];
    if (v != null && Number.isFinite(v) && v >= last) last = v;
    out[i] = axis === 'time' ? last : toDistance(last, units);
  }
  return out;
}

/** Speed as recorded, or from distance over ±5 samples when the device wrote none. */
function speedStream(streams: Streams): (number | null)[] | null {
  if (streams.speed?.some((v) => v != null)) return streams.speed;
  const { distance, time } = streams;
  if (!distance?.length || !time?.length) return null;
  const k = 5;
  return distance.map((_, i) => {
    const a = Math.max(0, i - k);
    const b = Math.min(distance.length - 1, i + k);
    const dd = (distance[b] ?? NaN) - (distance[a] ?? NaN);
    const dt = (time[b] ?? NaN) - (time[a] ?? NaN);
    return dt > 0 && Number.isFinite(dd) ? Math.max(0, dd / dt) : null;
  });
}

function mapped(values: (number | null)[] | null | undefined, fn: (v: number) => number | null): (number | null)[] | null {
  if (!values?.some((v) => v != null)) return null;
  return values.map((v) => (v == null || !Number.isFinite(v) ? null : fn(v)));
}

/** The indices kept for drawing: each line's own shape, so a second line keeps its peaks too. */
function keptIndices(x: number[], ys: (number | null)[][]): number[] {
  if (ys.length === 1) return lttb(x, ys[0]!, DRAW_POINTS);
  return [...new Set(ys.flatMap((y) => lttb(x, y, DRAW_POINTS)))].sort((a, b) => a - b);
}

const round = (digits: number, locale: string) => {
  const format = new Intl.NumberFormat(intlTag(locale), { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false });
  return (v: number) => format.format(v);
};

/** How the charts speak: the user's language for numbers, and each series' title in it. */
export interface ChartLanguage {
  locale: string;
  title: (key: ChartKey) => string;
}

/** How an elevation line looks, on an activity's charts and a segment's profile alike. */
function elevationLook(units: Units, { locale, title }: ChartLanguage): Omit<ChartSeries, 'data' | 'range' | 'line'> {
  return { key: 'altitude', title: title('altitude'), unit: unitLabels(units).elevation, color: '#6b8f3c', invert: false, format: round(0, locale) };
}

/** A segment's elevation profile (metres along it, metres of altitude) as a chart series in the user's units. */
export function profileSeries(distance: number[], altitude: number[], units: Units, language: ChartLanguage): ChartSeries {
  return {
    ...elevationLook(units, language),
    range: null,
    data: [distance.map((m) => toDistance(m, units)), altitude.map((m) => toElevation(m, units))],
    line: null,
  };
}

export function buildCharts(streams: Streams, x: number[], units: Units, activityType: string, language: ChartLanguage): ChartSeries[] {
  const { locale, title } = language;
  const labels = unitLabels(units);
  const speed = speedStream(streams);
  type Candidate = Omit<ChartSeries, 'data' | 'range' | 'line'>;
  const candidates: Candidate[] = [];
  const ys: (number | null)[][] = [];
  const lines: (Omit<NonNullable<ChartSeries['line']>, 'values'> & { y: (number | null)[] })[] = [];
  const add = (series: Candidate, y: (number | null)[] | null) => {
    if (!y) return;
    candidates.push(series);
    ys.push(y);
  };
  if (showsElevation(activityType, !!streams.lat?.some((v) => v != null)))
    add(
      elevationLook(units, language),
      mapped(streams.altitude, (v) => toElevation(v, units)),
    );
  if (isSwim(activityType)) {
    // a swimmer's pace, per 100 m (100 yd); slower than 10 min per 100 is resting at the wall
    add(
      { key: 'pace', title: title('pace'), unit: swimPaceLabel(units), color: '#2f6fed', invert: true, format: formatClock },
      mapped(speed, (v) => {
        const pace = toSwimPace(v, units);
        return pace != null && pace < 600 ? pace : null;
      }),
    );
  } else if (usesPace(activityType)) {
    // slower than 30 min per unit is standing still: a gap, not a spike
    add(
      { key: 'pace', title: title('pace'), unit: labels.pace, color: '#2f6fed', invert: true, format: formatClock },
      mapped(speed, (v) => {
        const pace = toPace(v, units);
        return pace != null && pace < 1800 ? pace : null;
      }),
    );
    // grade-adjusted pace (s/km on the wire): a second line on the pace chart, same clock and scale
    const gap = mapped(streams.gap, (v) => {
      const pace = v > 0 ? toPace(1000 / v, units) : null;
      return pace != null && pace < 1800 ? pace : null;
    });
    const paceIndex = candidates.findIndex((c) => c.key === 'pace');
    if (gap && paceIndex >= 0) lines[paceIndex] = { key: 'gap', title: title('gap'), color: '#1c8c8c', y: gap };
    else add({ key: 'gap', title: title('gap'), unit: labels.pace, color: '#1c8c8c', invert: true, format: formatClock }, gap);
  } else {
    add(
      { key: 'speed', title: title('speed'), unit: labels.speed, color: '#2f6fed', invert: false, format: round(1, locale) },
      mapped(speed, (v) => toSpeed(v, units)),
    );
  }
  add(
    { key: 'heart_rate', title: title('heart_rate'), unit: 'bpm', color: '#d6336c', invert: false, format: round(0, locale) },
    mapped(streams.heart_rate, (v) => (v > 0 ? v : null)),
  );
  add(
    { key: 'power', title: title('power'), unit: 'W', color: '#9c5bd6', invert: false, format: round(0, locale) },
    mapped(streams.power, (v) => v),
  );
  const cadence = cadenceDisplay(activityType);
  add(
    { key: 'cadence', title: title('cadence'), unit: cadence.unit, color: '#d98a1c', invert: false, format: round(0, locale) },
    mapped(streams.cadence, cadence.value),
  );
  return candidates.map((series, i) => {
    const second = lines[i];
    const kept = keptIndices(x, second ? [ys[i]!, second.y] : [ys[i]!]);
    const data: ChartSeries['data'] = [kept.map((k) => x[k]!), kept.map((k) => ys[i]![k] ?? null)];
    const line = second ? { key: second.key, title: second.title, color: second.color, values: kept.map((k) => second.y[k] ?? null) } : null;
    return { ...series, range: series.invert ? robustRange(line ? [...data[1], ...line.values] : data[1]) : null, data, line };
  });
}

/** How many charts an activity will probably show, from its summary (to reserve their space). */
export function expectedChartCount(a: {
  elevation_gain: number | null;
  average_speed: number | null;
  distance: number | null;
  average_hr: number | null;
  average_power: number | null;
  average_cadence: number | null;
}): number {
  return [a.elevation_gain, a.average_speed ?? a.distance, a.average_hr, a.average_power, a.average_cadence].filter((v) => v != null).length;
}

export function formatX(axis: XAxis, units: Units, locale: string) {
  const short = round(1, locale);
  const whole = round(0, locale);
  return axis === 'time' ? (v: number) => formatClock(v) : (v: number) => `${v < 10 ? short(v) : whole(v)} ${unitLabels(units).distance}`;
}
