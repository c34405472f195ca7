import { intlTag } from './locale-format';

// Display in the user's units (profile preferred_units) and language (the optional `locale`,
// English when absent; components get these bound by useFormats). Stored values stay SI: m, s, m/s.
export type Units = 'metric' | 'imperial';

const M_PER_MI = 1609.344;
const FT_PER_M = 3.28084;

export const unitLabels = (units: Units) =>
  units === 'imperial'
    ? { distance: 'mi', elevation: 'ft', speed: 'mph', pace: '/mi', weight: 'lb' }
    : { distance: 'km', elevation: 'm', speed: 'km/h', pace: '/km', weight: 'kg' };

export const toDistance = (m: number, units: Units) => (units === 'imperial' ? m / M_PER_MI : m / 1000);
export const toElevation = (m: number, units: Units) => (units === 'imperial' ? m * FT_PER_M : m);
/** A distance or elevation typed in the user's units, back to metres. */
export const fromDistance = (value: number, units: Units) => (units === 'imperial' ? value * M_PER_MI : value * 1000);
export const fromElevation = (value: number, units: Units) => (units === 'imperial' ? value / FT_PER_M : value);
export const toSpeed = (mps: number, units: Units) => (units === 'imperial' ? (mps * 3600) / M_PER_MI : mps * 3.6);
/** seconds per km or per mile; null when not moving */
export const toPace = (mps: number, units: Units) => (mps > 0.3 ? (units === 'imperial' ? M_PER_MI : 1000) / mps : null);
export const toWeight = (kg: number, units: Units) => (units === 'imperial' ? kg * 2.20462 : kg);
export const fromWeight = (value: number, units: Units) => (units === 'imperial' ? value / 2.20462 : value);

const fixed = (value: number, digits: number, locale?: string) =>
  value.toLocaleString(intlTag(locale), { minimumFractionDigits: digits, maximumFractionDigits: digits });

// The bare numbers, for tables that name the unit once in the column header.
const NONE = '—';
export const distanceNumber = (m: number | null | undefined, units: Units, locale?: string) => (m == null ? NONE : fixed(toDistance(m, units), 2, locale));
export const elevationNumber = (m: number | null | undefined, units: Units, locale?: string) =>
  m == null ? NONE : fixed(Math.round(toElevation(m, units)), 0, locale);
export const speedNumber = (mps: number | null | undefined, units: Units, locale?: string) => (mps == null ? NONE : fixed(toSpeed(mps, units), 1, locale));
export function paceNumber(mps: number | null | undefined, units: Units): string {
  const pace = mps == null ? null : toPace(mps, units);
  return pace == null ? NONE : formatClock(pace);
}

const withUnit = (text: string, unit: string) => (text === NONE ? NONE : `${text} ${unit}`);

export const formatDistance = (m: number | null | undefined, units: Units, locale?: string) =>
  withUnit(distanceNumber(m, units, locale), unitLabels(units).distance);
export const formatElevation = (m: number | null | undefined, units: Units, locale?: string) =>
  withUnit(elevationNumber(m, units, locale), unitLabels(units).elevation);
export const formatSpeed = (mps: number | null | undefined, units: Units, locale?: string) =>
  withUnit(speedNumber(mps, units, locale), unitLabels(units).speed);
/** pace from a speed in m/s, e.g. "5:12 /km" (a clock: the same in every language) */
export const formatPace = (mps: number | null | undefined, units: Units) => withUnit(paceNumber(mps, units), unitLabels(units).pace);

export function formatClock(totalSeconds: number): string {
  const s = Math.round(totalSeconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const mm = h ? String(m).padStart(2, '0') : String(m);
  return `${h ? `${h}:` : ''}${mm}:${String(sec).padStart(2, '0')}`;
}

export function formatDuration(seconds: number | null | undefined): string {
  return seconds == null ? '—' : formatClock(seconds);
}

export function formatWeight(kg: number | null | undefined, units: Units, locale?: string): string {
  if (kg == null) return '—';
  return `${fixed(toWeight(kg, units), 1, locale)} ${unitLabels(units).weight}`;
}
