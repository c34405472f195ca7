import { describe, expect, it } from 'vitest';
import { fitCrc } from './crc';

/** The FIT SDK's CRC as its documentation writes it: nibble by nibble over a 16-entry table. */
function sdkCrc(bytes: Uint8Array, start: number, end: number, initial: number): number {
  const table = [0x0000, 0xcc01, 0xd801, 0x1400, 0xf001, 0x3c00, 0x2800, 0xe401, 0xa001, 0x6c00, 0x7800, 0xb401, 0x5000, 0x9c01, 0x8801, 0x4400];
  let crc = initial;
  for (let i = start; i < end; i++) {
    let tmp = table[crc & 0xf]!;
    crc = ((crc >> 4) & 0x0fff) ^ tmp ^ table[bytes[i]! & 0xf]!;
    tmp = table[crc & 0xf]!;
    crc = ((crc >> 4) & 0x0fff) ^ tmp ^ table[(bytes[i]! >> 4) & 0xf]!;
  }
  return crc;
}

describe('fitCrc', () => {
  it('is CRC-16/ARC: its check value over "123456789" is 0xBB3D', () => {
    expect(fitCrc(new TextEncoder().encode('123456789'), 0, 9)).toBe(0xbb3d);
  });

  it("equals the SDK's nibble form for every start, end and initial value", () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 16) & 0xff;
    const bytes = Uint8Array.from({ length: 4_099 }, random);
    for (let start = 0; start < 9; start++) {
      for (const end of [start, start + 1, start + 3, start + 4, start + 5, start + 7, start + 8, 1_001, 4_099]) {
        for (const initial of [0, 0x1234, 0xffff]) expect(fitCrc(bytes, start, end, initial)).toBe(sdkCrc(bytes, start, end, initial));
      }
    }
  });
});
