// spec: Progressive lockout: the failure that reaches 5, 10 or 20 locks the username for
// 5 min, 30 min or 24 h. Past 20, every further failure locks for 24 h again.
export const LOCKOUT_TIERS = [
  { failures: 20, seconds: 24 * 3600 },
  { failures: 10, seconds: 30 * 60 },
  { failures: 5, seconds: 5 * 60 },
] as const;

/** Seconds of lockout that the failure number `count` starts, or 0. */
export function lockoutSecondsFor(count: number): number {
  const top = LOCKOUT_TIERS[0];
  if (count >= top.failures) return top.seconds;
  return LOCKOUT_TIERS.find((tier) => tier.failures === count)?.seconds ?? 0;
}
