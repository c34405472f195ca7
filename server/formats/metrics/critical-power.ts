// Performance model (issue 52) (issue 52; docs/decisions.md "Critical power and
// speed"). The two-parameter critical power model (Monod & Scherrer 1965; Moritani et al. 1981):
// work W = CP·t + W′, fitted by ordinary least squares of work on time (the "linear work–time"
// fit) to the best efforts between 3 and 20 minutes. Running's twin (Hughson et al. 1984):
// distance d = CS·t + D′. Race times by Riegel (1981): T₂ = T₁ (D₂/D₁)^1.06.

/** Efforts from 3 to 20 minutes, the span the two-parameter model describes (longer ones add slow-component fatigue). */
export const MODEL_MIN_S = 180;
export const MODEL_MAX_S = 1200;
/** Two parameters need at least three efforts for the fit to be checked by any of them. */
export const MODEL_MIN_EFFORTS = 3;
/** Allen & Coggan: FTP ≈ 95 % of the best 20-minute power. */
export const FTP_OF_20_MIN = 0.95;
/** Riegel's fatigue exponent (American Scientist 69:285–290, 1981). */
export const RIEGEL_EXPONENT = 1.06;

export interface LinearFit {
  slope: number;
  intercept: number;
  /** coefficient of determination */
  r2: number;
}

/** Ordinary least squares of y on x; null with fewer than two distinct x. */
export function linearFit(xs: readonly number[], ys: readonly number[]): LinearFit | null {
  const n = xs.length;
  if (n < 2) return null;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (let k = 0; k < n; k++) {
    sxx += (xs[k]! - mx) ** 2;
    sxy += (xs[k]! - mx) * (ys[k]! - my);
    syy += (ys[k]! - my) ** 2;
  }
  if (sxx === 0) return null;
  const slope = sxy / sxx;
  return { slope, intercept: my - slope * mx, r2: syy === 0 ? 1 : (sxy * sxy) / (sxx * syy) };
}

export type ModelFailure = 'too_few_efforts' | 'implausible_fit';

/** CP (W) and W′ (J) from (seconds, watts) bests; the efforts outside 3–20 min are left out. */
export function criticalPower(points: readonly { duration: number; watts: number }[]): { cp: number; wPrime: number; r2: number } | ModelFailure {
  const used = points.filter((p) => p.duration >= MODEL_MIN_S && p.duration <= MODEL_MAX_S);
  if (used.length < MODEL_MIN_EFFORTS) return 'too_few_efforts';
  const fit = linearFit(
    used.map((p) => p.duration),
    used.map((p) => p.watts * p.duration),
  );
  if (!fit || fit.slope <= 0 || fit.intercept <= 0) return 'implausible_fit';
  return { cp: fit.slope, wPrime: fit.intercept, r2: fit.r2 };
}

/** CS (m/s) and D′ (m) from (metres, seconds) bests lasting 3–20 min. */
export function criticalSpeed(points: readonly { distance: number; seconds: number }[]): { cs: number; dPrime: number; r2: number } | ModelFailure {
  const used = points.filter((p) => p.seconds >= MODEL_MIN_S && p.seconds <= MODEL_MAX_S);
  if (used.length < MODEL_MIN_EFFORTS) return 'too_few_efforts';
  const fit = linearFit(
    used.map((p) => p.seconds),
    used.map((p) => p.distance),
  );
  if (!fit || fit.slope <= 0 || fit.intercept <= 0) return 'implausible_fit';
  return { cs: fit.slope, dPrime: fit.intercept, r2: fit.r2 };
}

/** Riegel: the time for `distance` from a known `knownSeconds` over `knownDistance`. */
export const riegelTime = (knownDistance: number, knownSeconds: number, distance: number): number =>
  knownSeconds * (distance / knownDistance) ** RIEGEL_EXPONENT;
