import { fitCrc } from '../fit/crc';

/** Wraps FIT message bytes in a valid 14-byte header and file CRC (test input builder). */
export function wrapFit(data: Uint8Array): Uint8Array {
  const out = new Uint8Array(14 + data.length + 2);
  const view = new DataView(out.buffer);
  out[0] = 14;
  out[1] = 0x10;
  view.setUint16(2, 2100, true);
  view.setUint32(4, data.length, true);
  out.set([0x2e, 0x46, 0x49, 0x54], 8); // ".FIT"
  view.setUint16(12, fitCrc(out, 0, 12), true);
  out.set(data, 14);
  view.setUint16(14 + data.length, fitCrc(out, 0, 14 + data.length), true);
  return out;
}

/** Recomputes the header and file CRCs of a (mutated) FIT file so it reaches the decoder. */
export function fixFitCrc(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes); // a copy: Buffer#slice would share (and damage) the original
  if (out.length < 14 || (out[0] !== 12 && out[0] !== 14)) return out;
  const view = new DataView(out.buffer);
  const end = out[0]! + view.getUint32(4, true);
  if (out[0] === 14) view.setUint16(12, fitCrc(out, 0, 12), true);
  if (end + 2 <= out.length) view.setUint16(end, fitCrc(out, 0, end), true);
  return out;
}

/** FIT time: seconds since 1989-12-31T00:00:00Z. */
const FIT_EPOCH_MS = Date.UTC(1989, 11, 31);

/**
 * A valid activity FIT of `sessions` one-minute running sessions back to back, each with
 * `recordsPerSession` 1 Hz records carrying heart rate (hostile-input tests: many sessions).
 */
export function manySessionsFit(sessions: number, recordsPerSession = 2): Uint8Array {
  const bytes: number[] = [];
  const u32 = (v: number) => [v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, (v >>> 24) & 0xff];
  // local 0 = session: timestamp (253), start_time (2), total_elapsed_time (7, ms), sport (5)
  bytes.push(0x40, 0, 0, 18, 0, 4, 253, 4, 0x86, 2, 4, 0x86, 7, 4, 0x86, 5, 1, 0x00);
  // local 1 = record: timestamp (253), heart_rate (3)
  bytes.push(0x41, 0, 0, 20, 0, 2, 253, 4, 0x86, 3, 1, 0x02);
  const start = Math.floor((Date.UTC(2024, 0, 1, 8) - FIT_EPOCH_MS) / 1000);
  for (let s = 0; s < sessions; s++) {
    const t0 = start + s * 60;
    for (let r = 0; r < recordsPerSession; r++) bytes.push(0x01, ...u32(t0 + r), 120 + (r % 40));
    bytes.push(0x00, ...u32(t0 + 59), ...u32(t0), ...u32(59_000), 1 /* running */);
  }
  return wrapFit(Uint8Array.from(bytes));
}
