import { describe, expect, it } from 'vitest';
import { parseActivityFile } from '@/server/formats';
import { readCorpusFile } from '@/server/formats/test-support/corpus';
import { prepareActivity, prepareActivityOverlapped } from './prepare-activity';

// The pool worker prepares with its long streams deflated on libuv's thread pool; every other
// caller prepares on its own thread. Both must store the same bytes and derive the same figures,
// whichever streams go to the pool (none of these files has a stream long enough by default).

describe('prepareActivityOverlapped', () => {
  it.each(['gpx/urbanbiker_ride_3seg_hr_cad_temp_power.gpx', 'fit/garmin_edge500_ride_3h31.fit', 'tcx/garmin_fr305_run_23laps.tcx'])(
    'gives what prepareActivity gives: %s',
    async (file) => {
      const [activity] = await parseActivityFile(readCorpusFile(file), file.split('/').pop()!);
      const expected = prepareActivity(activity!);
      for (const offThreadBytes of [0, 20_000, undefined]) {
        const overlapped = await prepareActivityOverlapped(activity!, offThreadBytes);
        expect(overlapped.streams?.bytes.byteLength).toBeGreaterThan(0);
        expect(overlapped).toEqual(expected);
      }
    },
  );
});
