// The power curve's time axis is logarithmic: uPlot's own splits there are powers of ten and their
// multiples (1 s, 2 s … 0.67 ms below a second), which read as nonsense for durations. These are the
// durations people train and race by; a narrow chart keeps every other one so labels never touch.

const WIDE = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 1200, 1800, 3600, 7200, 10800, 18000, 36000, 86400];
const NARROW = [1, 5, 30, 60, 300, 1200, 3600, 10800, 36000];
/** below this plot width (CSS px) the narrow set */
const NARROW_BELOW = 560;

/** The labelled durations (s) between the curve's shortest and longest, for a plot `width` px wide. */
export function durationTicks(min: number, max: number, width: number): number[] {
  return (width < NARROW_BELOW ? NARROW : WIDE).filter((d) => d >= min - 1e-9 && d <= max + 1e-9);
}
