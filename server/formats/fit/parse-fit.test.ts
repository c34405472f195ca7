import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readCorpusFile } from '../test-support/corpus';
import type { SampleColumns, SampleField } from '../metrics/sample-columns';
import { decodeFit } from './decode';
import { timeField } from './fields';
import { parseFit } from './parse-fit';
import { samplesFromRecords } from './samples';

// A multisport file's records are read once into columns and split by session window
// [start, next session's start): each leg's streams must hold exactly the values of the records
// in its window, in file order, as fit-file-parser reads them from the whole file.

describe('parseFit, multisport', () => {
  it("each leg's streams hold the values of the records in its session window", () => {
    const raw = readCorpusFile('fit/garmin_fenix5x_ironman_multisport_14h.fit');
    const bytes = raw[0] === 0x1f && raw[1] === 0x8b ? new Uint8Array(gunzipSync(raw)) : raw;
    const legs = parseFit(bytes, 2_000_000);
    expect(legs.length).toBeGreaterThan(1);

    const fit = decodeFit(bytes);
    const records = samplesFromRecords(fit.records);
    const starts = fit.sessions.map((s) => timeField(s, 'start_time')!).sort((a, b) => a - b);
    const valuesIn = (columns: SampleColumns, field: SampleField, from: number, to: number) => {
      const values: (number | null)[] = [];
      for (let i = 0; i < columns.length; i++) if (columns.time[i]! >= from && columns.time[i]! < to) values.push(columns.get(field, i));
      return values;
    };
    let compared = 0;
    for (const [index, leg] of legs.entries()) {
      const start = leg.startTime.getTime();
      const from = index === 0 ? -Infinity : start;
      const to = starts.find((s) => s > start) ?? Infinity;
      for (const [field, stream] of [
        ['heartRate', leg.streams.heart_rate],
        ['cadence', leg.streams.cadence],
        ['power', leg.streams.power],
      ] as const) {
        const expected = valuesIn(records, field, from, to);
        if (expected.every((v) => v === null)) expect(stream).toBeUndefined();
        else {
          expect(stream).toEqual(expected);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(1);
  });
});
