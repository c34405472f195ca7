import { describe, expect, it } from 'vitest';
import { detectContent, formatFromFilename, xmlRootName } from './detect';
import { readCorpusFile } from './test-support/corpus';

describe('format detection', () => {
  it('reads the format from the name, after removing .gz', () => {
    expect(formatFromFilename('Morning Ride.FIT')).toEqual({ format: 'fit', gzip: false, extension: '.fit' });
    expect(formatFromFilename('123.tcx.gz')).toEqual({ format: 'tcx', gzip: true, extension: '.tcx.gz' });
    expect(formatFromFilename('export.zip').format).toBeNull();
  });
  it('sniffs the content from the bytes', () => {
    expect(detectContent(readCorpusFile('bad/fenix5_run_fit_named_as.tcx'))).toBe('fit');
    expect(detectContent(readCorpusFile('tcx/garmin_fr305_run_23laps.tcx'))).toBe('tcx'); // after a BOM
    expect(detectContent(readCorpusFile('gpx/garmin_handheld_8_tracks_with_gaps.gpx'))).toBe('gpx');
    expect(detectContent(readCorpusFile('gpx/sportractive_run_partial_hr.gpx.gz'))).toBe('gzip');
    expect(detectContent(readCorpusFile('bad/polar_hrm_not_xml.gpx'))).toBe('unknown');
    expect(detectContent(new Uint8Array())).toBe('empty');
  });
  it('finds the root element past declarations and comments, with or without a prefix', () => {
    expect(xmlRootName('\uFEFF<?xml version="1.0"?>\n<!-- hi --><gpx version="1.1">')).toBe('gpx');
    expect(xmlRootName('<tcd:TrainingCenterDatabase>')).toBe('TrainingCenterDatabase');
    expect(xmlRootName('[Params]')).toBeNull();
  });
});
