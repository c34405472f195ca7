import { AppError } from '@/server/errors';

export interface Bbox {
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
}

const NUMBER = /^\s*-?\d+(\.\d+)?\s*$/;

/** `minLon,minLat,maxLon,maxLat` in degrees, minimum first; anything else is a 400 (CONTRACT: Beyond the spec … Maps, privacy zones, sharing). */
export function parseBbox(text: string): Bbox {
  const parts = text.split(',');
  const malformed = (why: string) => new AppError('invalid_input', { detail: `bbox must be minLon,minLat,maxLon,maxLat in degrees: ${why}.` });
  if (parts.length !== 4 || !parts.every((p) => NUMBER.test(p))) throw malformed('four numbers separated by commas');
  const [minLon, minLat, maxLon, maxLat] = parts.map(Number) as [number, number, number, number];
  if ([minLon, maxLon].some((v) => v < -180 || v > 180) || [minLat, maxLat].some((v) => v < -90 || v > 90)) throw malformed('out of range');
  if (minLon > maxLon || minLat > maxLat) throw malformed('each minimum must not exceed its maximum');
  return { minLon, minLat, maxLon, maxLat };
}
