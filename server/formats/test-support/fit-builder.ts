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
