import { readdirSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR, readCorpusFile } from '../test-support/corpus';
import { fixFitCrc, wrapFit } from '../test-support/fit-builder';
import { SAMPLE_FIELDS, type SampleColumns } from '../metrics/sample-columns';
import { decodeFit, type DecodedFit } from './decode';
import { splitRecords } from './records';
import { samplesFromRecords } from './samples';
import { scanFit } from './scan';

// splitRecords reads the records itself and hands fit-file-parser the rest (the messages an
// activity is read from): both halves must give what fit-file-parser gives for the whole file,
// value for value, on every corpus FIT and on mutated ones (CRC fixed up, so the damage reaches
// both readers).

const fitFiles = ['fit', 'bad'].flatMap((dir) =>
  readdirSync(path.join(CORPUS_DIR, dir))
    .filter((name) => /\.fit(\.gz)?$/.test(name))
    .map((name) => `${dir}/${name}`),
);
const inflate = (bytes: Uint8Array) => (bytes[0] === 0x1f && bytes[1] === 0x8b ? new Uint8Array(gunzipSync(bytes)) : bytes);
// the truncated gzip never reaches the FIT reader
const readable = fitFiles.filter((file) => !file.includes('truncated_gzip'));

function decodeOrReason(bytes: Uint8Array): DecodedFit | string {
  try {
    return decodeFit(bytes);
  } catch (error) {
    return (error as Error).message;
  }
}

/** The points held, field by field (null where absent), whatever room the columns have left. */
const points = (columns: SampleColumns) =>
  Array.from({ length: columns.length }, (_, i) => ({
    time: columns.time[i],
    segment: columns.segment[i],
    ...Object.fromEntries(SAMPLE_FIELDS.map((field) => [field, columns.get(field, i)])),
  }));

/** 'fast' when splitRecords read the file, 'whole' when it left it to fit-file-parser, null when scanFit refused it */
function compareBothWays(bytes: Uint8Array): 'fast' | 'whole' | null {
  let scan: ReturnType<typeof scanFit>;
  try {
    scan = scanFit(bytes, 2_000_000, 4_000_000);
  } catch {
    return null;
  }
  const file = bytes.subarray(0, scan.end);
  const split = splitRecords(file, scan.records);
  if (!split) return 'whole';
  const whole = decodeOrReason(file);
  const rest = decodeOrReason(split.rest);
  if (typeof whole === 'string') {
    // The rest holds only the messages an activity is read from (decode.ts DECODED_MESSAGES), so
    // damage fit-file-parser refuses in another message (an HRV or event definition) no longer
    // refuses the file; a rest that decodes then still holds no records (splitRecords read them).
    if (typeof rest !== 'string') expect(rest.records).toEqual([]);
    return 'fast';
  }
  expect(rest).not.toBeTypeOf('string');
  expect(points(split.samples)).toStrictEqual(points(samplesFromRecords(whole.records)));
  expect({ ...(rest as DecodedFit), records: whole.records }).toStrictEqual(whole);
  expect((rest as DecodedFit).records).toEqual([]);
  return 'fast';
}

describe('splitRecords gives what fit-file-parser gives', () => {
  const ways = new Map<string, 'fast' | 'whole' | null>();
  it.each(readable)('%s', (file) => {
    ways.set(file, compareBothWays(inflate(readCorpusFile(file))));
  });

  it('reads most of the corpus itself, the Edge 500 ride among them', () => {
    expect(ways.size).toBe(readable.length);
    expect(ways.get('fit/garmin_edge500_ride_3h31.fit')).toBe('fast');
    expect([...ways.values()].filter((w) => w === 'fast').length).toBeGreaterThan(readable.length / 2);
  });

  it('leaves a file to fit-file-parser when a developer field is named like a record field, which then wins', () => {
    const bytes = wrapFit(
      Uint8Array.from([
        // local 0 = field_description: developer_data_index (0), field_definition_number (1), fit_base_type_id (2), field_name (3, 10 bytes)
        0x40,
        0,
        0,
        206,
        0,
        4,
        0,
        1,
        0x02,
        1,
        1,
        0x02,
        2,
        1,
        0x02,
        3,
        10,
        0x07,
        0x00,
        0,
        0,
        2,
        ...new TextEncoder().encode('heart_rate'),
        // local 1 = record: timestamp (253), heart_rate (3), then developer field 0 of index 0
        0x61,
        0,
        0,
        20,
        0,
        2,
        253,
        4,
        0x86,
        3,
        1,
        0x02,
        1,
        0,
        1,
        0,
        0x01,
        0x10,
        0x27,
        0,
        0x40,
        120,
        150,
      ]),
    );
    expect(splitRecords(bytes, 1)).toBeNull();
    expect(samplesFromRecords(decodeFit(bytes).records).heartRate.subarray(0, 1)).toEqual(Float64Array.of(150));
  });

  it.each(['fit/garmin_fenix5_walk_tiny.fit', 'fit/garmin_fr920xt_treadmill_devfields.fit'])('mutated %s (CRC fixed up)', (file) => {
    const original = inflate(readCorpusFile(file));
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat({ max: original.length - 1 }), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 6 }), (flips) => {
        const bytes = new Uint8Array(original);
        for (const [at, value] of flips) bytes[at] = value;
        compareBothWays(fixFitCrc(bytes));
      }),
      { numRuns: 40 },
    );
  });
});
