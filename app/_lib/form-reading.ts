// The usual reading of form (TSB = yesterday's CTL − ATL; CONTRACT: … Training load gives no
// bands): above +5 the body has shed more fatigue than fitness (fresh), below −10 fatigue
// outweighs fitness (tired), in between neutral. The bands of TrainingPeaks' and intervals.icu's
// charts, rounded.
export type FormReading = 'fresh' | 'neutral' | 'tired';

export const FRESH_ABOVE = 5;
export const TIRED_BELOW = -10;

export function formReading(tsb: number): FormReading {
  if (tsb > FRESH_ABOVE) return 'fresh';
  if (tsb < TIRED_BELOW) return 'tired';
  return 'neutral';
}
