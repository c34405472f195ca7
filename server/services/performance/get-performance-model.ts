import type { Db } from '@/db/client';
import { criticalPower, criticalSpeed, FTP_OF_20_MIN, MODEL_MAX_S, MODEL_MIN_S, riegelTime } from '@/server/formats/metrics/critical-power';
import { now } from '@/server/clock';
import { addDays, localDay } from '@/server/util/local-day';
import { userTimezone } from '../stats/user-timezone';
import { getCurvePoints } from './get-curves';
import type { CurvePoint, PerformanceModelInput, PerformanceModelResponse } from './schemas';

// Performance model (issue 52): GET /performance/model. The two-parameter model
// fitted to the range's curve (critical-power.ts): for rides CP and W′ from the power curve and an
// FTP of 95 % of the best 20 minutes; for runs CS and D′ from the pace curve, with race times by
// Riegel from the longest effort fitted. Null with a reason when the bests do not allow a fit.

/** The range a model reads when none is named. */
const DEFAULT_DAYS = 90;
const RACE_DISTANCES = [5000, 10000, 21097.5, 42195] as const;
const TWENTY_MINUTES = 1200;

const inModelSpan = (seconds: number) => seconds >= MODEL_MIN_S && seconds <= MODEL_MAX_S;

export async function getPerformanceModel(db: Db, userId: number, input: PerformanceModelInput): Promise<PerformanceModelResponse> {
  let { start_date: start, end_date: end } = input;
  if (!start && !end) {
    end = localDay(now(), await userTimezone(db, userId));
    start = addDays(end, 1 - DEFAULT_DAYS);
  }
  const range = { type: input.type, start_date: start ?? null, end_date: end ?? null };
  if (input.type === 'ride') {
    const curve = await getCurvePoints(db, userId, 'power', 'ride', start, end);
    return { ...range, ...rideModel(curve), critical_speed: null, predictions: [] };
  }
  const curve = await getCurvePoints(db, userId, 'pace', 'run', start, end);
  return { ...range, ...runModel(curve), critical_power: null, ftp: null };
}

/** CP, W′ and FTP from a power curve's points. */
export function rideModel(curve: CurvePoint[]): Pick<PerformanceModelResponse, 'reason' | 'efforts' | 'critical_power' | 'ftp'> {
  const efforts = curve.filter((p) => inModelSpan(p.measure));
  const twenty = curve.find((p) => p.measure === TWENTY_MINUTES);
  const ftp = twenty ? Math.round(twenty.value * FTP_OF_20_MIN) : null;
  const fit = criticalPower(efforts.map((p) => ({ duration: p.measure, watts: p.value })));
  if (typeof fit === 'string') return { reason: fit, efforts, critical_power: null, ftp };
  return { reason: null, efforts, critical_power: { watts: round(fit.cp, 1), w_prime: Math.round(fit.wPrime), r2: round(fit.r2, 4) }, ftp };
}

/** CS, D′ and race times from a pace curve's points (metres, seconds). */
export function runModel(curve: CurvePoint[]): Pick<PerformanceModelResponse, 'reason' | 'efforts' | 'critical_speed' | 'predictions'> {
  const efforts = curve.filter((p) => inModelSpan(p.value));
  const fit = criticalSpeed(efforts.map((p) => ({ distance: p.measure, seconds: p.value })));
  if (typeof fit === 'string') return { reason: fit, efforts, critical_speed: null, predictions: [] };
  const longest = efforts[efforts.length - 1]!;
  return {
    reason: null,
    efforts,
    critical_speed: { speed: round(fit.cs, 3), pace: round(1000 / fit.cs, 1), d_prime: Math.round(fit.dPrime), r2: round(fit.r2, 4) },
    predictions: RACE_DISTANCES.map((distance) => ({ distance, time: Math.round(riegelTime(longest.measure, longest.value, distance)) })),
  };
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;
