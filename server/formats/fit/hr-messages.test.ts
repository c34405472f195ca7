import { describe, expect, it } from 'vitest';
import { wrapFit } from '../test-support/fit-builder';
import { parseFit } from './parse-fit';

// CONTRACT: Real history …: heart rate of `hr` messages merged into the stream by timestamp. A pool
// swim built byte by byte: records every 10 s without heart rate (as a watch writes them under
// water), then the strap's beats as `hr` messages written after the swim, the first with its full
// event time beside the FIT timestamp that anchors the strap's clock, the rest as packed 12-bit
// event times that roll over every 4 s. The expected stream is computed from the beats themselves.

const u32 = (v: number) => [v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, (v >>> 24) & 0xff];
const u16 = (v: number) => [v & 0xff, (v >>> 8) & 0xff];
const FIT_EPOCH_MS = Date.UTC(1989, 11, 31);
const START = Math.floor((Date.UTC(2024, 4, 6, 7) - FIT_EPOCH_MS) / 1000);
const RECORDS = 13;
const EVERY = 10;

/** the strap's beats: one every 0.9 to 1.1 s of its own clock (1/1024 s), from the swim's start */
const beats = Array.from({ length: 140 }, (_, k) => ({ event: 777_777 * 1024 + 300 + k * 1024 + ((k * 37) % 205) - 102, bpm: 95 + ((k * 7) % 41) }));
const beatMs = (event: number) => (START + 0.25) * 1000 + ((event - beats[0]!.event) * 1000) / 1024;

function poolSwimWithHrMessages(withBeats = true): Uint8Array {
  const b: number[] = [];
  // local 0 session: timestamp, start_time, total_elapsed_time (ms), sport (swimming), sub_sport (lap_swimming)
  b.push(0x40, 0, 0, 18, 0, 5, 253, 4, 0x86, 2, 4, 0x86, 7, 4, 0x86, 5, 1, 0x00, 6, 1, 0x00);
  // local 1 record: timestamp, distance (cm)
  b.push(0x41, 0, 0, 20, 0, 2, 253, 4, 0x86, 5, 4, 0x86);
  // local 2 hr with its anchor: timestamp, fractional_timestamp (1/32768 s), event_timestamp[8], filtered_bpm[8]
  b.push(0x42, 0, 0, 132, 0, 4, 253, 4, 0x86, 0, 2, 0x84, 9, 32, 0x86, 6, 8, 0x02);
  // local 3 hr continued: event_timestamp_12 (8 × 12 bits), filtered_bpm[8]
  b.push(0x43, 0, 0, 132, 0, 2, 10, 12, 0x0d, 6, 8, 0x02);
  for (let j = 0; j < RECORDS; j++) b.push(0x01, ...u32(START + j * EVERY), ...u32(j * 2500));
  for (let m = 0; withBeats && m * 8 < beats.length; m++) {
    const group = beats.slice(m * 8, m * 8 + 8);
    const bpm = group.map((beat) => beat.bpm);
    while (bpm.length < 8) bpm.push(0xff);
    if (m === 0) b.push(0x02, ...u32(START), ...u16(8192), ...group.flatMap((beat) => u32(beat.event)), ...bpm);
    else {
      const low = group.map((beat) => beat.event & 0xfff);
      while (low.length < 8) low.push(0);
      const packed: number[] = [];
      for (let i = 0; i < 8; i += 2) packed.push(low[i]! & 0xff, ((low[i]! >> 8) & 0x0f) | ((low[i + 1]! & 0x0f) << 4), (low[i + 1]! >> 4) & 0xff);
      b.push(0x03, ...packed, ...bpm);
    }
  }
  b.push(0x00, ...u32(START + (RECORDS - 1) * EVERY), ...u32(START), ...u32((RECORDS - 1) * EVERY * 1000), 5, 17);
  return wrapFit(Uint8Array.from(b));
}

describe('FIT hr messages', () => {
  it('fill the heart-rate stream: at each point the mean of the beats since the point before', () => {
    const [swim] = parseFit(poolSwimWithHrMessages(), 100_000);
    const expected = Array.from({ length: RECORDS }, (_, j) => {
      const at = (START + j * EVERY) * 1000 + FIT_EPOCH_MS;
      const from = j === 0 ? at - 1000 : at - EVERY * 1000;
      const inside = beats.filter((beat) => beatMs(beat.event) + FIT_EPOCH_MS > from && beatMs(beat.event) + FIT_EPOCH_MS <= at);
      if (inside.length) return Math.round(inside.reduce((s, beat) => s + beat.bpm, 0) / inside.length);
      // none since the point before (the first point comes before the first beat): the nearest within 5 s
      const nearest = beats.reduce((a, c) => (Math.abs(beatMs(c.event) + FIT_EPOCH_MS - at) < Math.abs(beatMs(a.event) + FIT_EPOCH_MS - at) ? c : a));
      return Math.abs(beatMs(nearest.event) + FIT_EPOCH_MS - at) <= 5000 ? nearest.bpm : null;
    });
    expect(expected.filter((v) => v !== null).length).toBe(RECORDS);
    expect(swim!.activityType).toBe('lap_swim');
    expect(swim!.streams.heart_rate).toEqual(expected);
    expect(swim!.maxHr).toBeGreaterThan(0);
  });

  it('a file without hr messages is read as before: no heart rate is made up', () => {
    const [swim] = parseFit(poolSwimWithHrMessages(false), 100_000);
    expect(swim!.streams.heart_rate).toBeUndefined();
  });
});
