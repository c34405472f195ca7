import { sizedArray } from '@/server/formats/metrics/sized-array';
/** A stream rounded for storing: its values (unless not asked for), and the JSON text of exactly those values. */
export interface RoundedStream {
  values: (number | null)[] | null;
  /** JSON.stringify(values) as bytes */
  json: Buffer;
}

/**
 * Each value rounded to `decimals` (0–7) as Math.round(v × 10^decimals) / 10^decimals, and the
 * JSON text of the rounded values, in one pass. The text is JSON.stringify's, byte for byte, but
 * written from the rounded integer instead of asking V8 for each double's shortest decimal and
 * building one long string: for the ten streams of a long ride that was the largest part of
 * preparing an activity after parsing it. While the rounded integer is below 2^50, neighbouring
 * doubles near the value lie closer together than 10^-decimals, so the integer with its point put
 * back (trailing zeros dropped) is the only decimal of that length that parses back to the value:
 * JSON's shortest form. Values outside that range, and those JSON writes with an exponent (under
 * 10^-6), are written by JSON.stringify.
 */
export function roundStream(values: readonly (number | null)[], decimals: number, keepValues = true): RoundedStream {
  const scale = 10 ** decimals;
  // the JSON text alone for a stream nothing is derived from: an array of n values less to allocate
  const rounded = keepValues ? sizedArray<number | null>(values.length) : null;
  let out: Buffer = Buffer.allocUnsafe(values.length * (decimals + 8) + 64);
  let at = 0;
  out[at++] = 0x5b; /* [ */
  for (let i = 0; i < values.length; i++) {
    if (out.length - at < MAX_WRITTEN) out = grown(out, at, MAX_WRITTEN);
    if (i > 0) out[at++] = 0x2c; /* , */
    const value = values[i];
    if (value == null) {
      if (rounded) rounded[i] = null;
      out[at] = 0x6e; /* n */
      out[at + 1] = 0x75; /* u */
      out[at + 2] = 0x6c; /* l */
      out[at + 3] = 0x6c; /* l */
      at += 4;
      continue;
    }
    const scaled = Math.round(value * scale);
    const result = scaled / scale;
    if (rounded) rounded[i] = result;
    const magnitude = Math.abs(scaled);
    if (magnitude <= MAX_SCALED && (result === 0 || Math.abs(result) >= 1e-6)) {
      // nearly every value: its digits in int32 arithmetic (a double's % and / are far slower)
      if (magnitude < INT_LIMIT) at = writeSmallScaled(out, at, magnitude | 0, result < 0, decimals, scale | 0);
      else at = writeScaled(out, at, magnitude, result < 0, decimals, scale);
    } else {
      const text = JSON.stringify(result);
      if (out.length - at < text.length) out = grown(out, at, text.length);
      at += out.write(text, at, 'latin1');
    }
  }
  if (out.length === at) out = grown(out, at, 1);
  out[at++] = 0x5d; /* ] */
  return { values: rounded, json: out.subarray(0, at) };
}

/** Room enough for one value written here: a comma, a sign, 16 digits and a point (JSON.stringify's forms are measured). */
const MAX_WRITTEN = 32;
const MAX_SCALED = 2 ** 50;

/** |value| × 10^decimals = `magnitude` (an integer), written as a decimal without trailing zeros; -0 is written 0, as JSON does. */
function writeScaled(out: Buffer, at: number, magnitude: number, negative: boolean, decimals: number, scale: number): number {
  if (negative) out[at++] = 0x2d; /* - */
  let fraction = magnitude % scale;
  at = writeDigits(out, at, (magnitude - fraction) / scale, 1);
  if (fraction === 0) return at;
  let digits = decimals;
  while (fraction % 10 === 0) {
    fraction /= 10;
    digits--;
  }
  out[at++] = 0x2e; /* . */
  return writeDigits(out, at, fraction, digits);
}

/** A non-negative integer below 2^50 in at least `width` digits (leading zeros). */
function writeDigits(out: Buffer, at: number, integer: number, width: number): number {
  let digits = 1;
  for (let bound = 10; digits < 16 && integer >= bound; bound *= 10) digits++;
  if (digits < width) digits = width;
  let d = digits - 1;
  for (; integer >= INT_LIMIT; d--) {
    const next = Math.floor(integer / 10);
    out[at + d] = 0x30 + (integer - next * 10);
    integer = next;
  }
  // what is left is below 2^31: its d + 1 digits, leading zeros included
  writeSmallInteger(out, at, integer | 0, d + 1);
  return at + digits;
}

const INT_LIMIT = 2 ** 31;

/**
 * writeScaled for a magnitude below 2^31 (`scale`, at most 10^7, given as an int32), in int32
 * arithmetic only: the same digits, and a stream written in about half the time (28–64 ns a value
 * instead of 52–118 over 400 FIT streams of the import bench's archive).
 */
function writeSmallScaled(out: Buffer, at: number, magnitude: number, negative: boolean, decimals: number, scale: number): number {
  if (negative) out[at++] = 0x2d; /* - */
  const whole = (magnitude / scale) | 0;
  let fraction = magnitude - whole * scale;
  at = writeSmallInteger(out, at, whole, 1);
  if (fraction === 0) return at;
  let digits = decimals;
  for (let tenth = (fraction / 10) | 0; fraction === tenth * 10; tenth = (fraction / 10) | 0) {
    fraction = tenth;
    digits--;
  }
  out[at++] = 0x2e; /* . */
  return writeSmallInteger(out, at, fraction, digits);
}

/** A non-negative integer below 2^31 in at least `width` digits (leading zeros). */
function writeSmallInteger(out: Buffer, at: number, integer: number, width: number): number {
  let digits =
    integer < 10
      ? 1
      : integer < 100
        ? 2
        : integer < 1000
          ? 3
          : integer < 10000
            ? 4
            : integer < 100000
              ? 5
              : integer < 1000000
                ? 6
                : integer < 10000000
                  ? 7
                  : integer < 100000000
                    ? 8
                    : integer < 1000000000
                      ? 9
                      : 10;
  if (digits < width) digits = width;
  for (let d = digits - 1; d >= 0; d--) {
    const tenth = (integer / 10) | 0;
    out[at + d] = 0x30 + (integer - tenth * 10);
    integer = tenth;
  }
  return at + digits;
}

function grown(out: Buffer, used: number, needed: number): Buffer {
  const next = Buffer.allocUnsafe(Math.max(out.length * 2, used + needed + 1));
  out.copy(next, 0, 0, used);
  return next;
}
