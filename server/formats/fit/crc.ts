// FIT CRC-16 (FIT protocol, "CRC"): the reflected polynomial 0xA001 from 0, i.e. CRC-16/ARC.
// Computed four bytes a step ("slicing by 4"): table k gives the CRC of a byte followed by k zero
// bytes, so a step is four independent lookups instead of eight dependent nibble steps. Every
// accepted FIT file is checked over its whole length before decoding, and the nibble form was
// the larger part of scanning one (bench/README.md, "Seventh run").

const BYTE = new Uint16Array(256);
for (let n = 0; n < 256; n++) {
  let crc = n;
  for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  BYTE[n] = crc;
}
/** the CRC of byte n followed by one, two and three zero bytes */
const [ONE, TWO, THREE] = [new Uint16Array(256), new Uint16Array(256), new Uint16Array(256)];
for (let n = 0; n < 256; n++) {
  ONE[n] = (BYTE[n]! >>> 8) ^ BYTE[BYTE[n]! & 0xff]!;
  TWO[n] = (ONE[n]! >>> 8) ^ BYTE[ONE[n]! & 0xff]!;
  THREE[n] = (TWO[n]! >>> 8) ^ BYTE[TWO[n]! & 0xff]!;
}

export function fitCrc(bytes: Uint8Array, start: number, end: number, initial = 0): number {
  let crc = initial;
  let i = start;
  // a 16-bit CRC meets only the first two bytes of a step; the other two go straight to their tables
  for (; i + 4 <= end; i += 4) {
    crc = THREE[(crc ^ bytes[i]!) & 0xff]! ^ TWO[((crc >>> 8) ^ bytes[i + 1]!) & 0xff]! ^ ONE[bytes[i + 2]!]! ^ BYTE[bytes[i + 3]!]!;
  }
  for (; i < end; i++) crc = (crc >>> 8) ^ BYTE[(crc ^ bytes[i]!) & 0xff]!;
  return crc;
}
