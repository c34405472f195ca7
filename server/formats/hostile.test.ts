import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { InvalidFile, parseActivityFile } from './index';
import { readCorpusFile } from './test-support/corpus';
import { creatorName } from './gpx/parse-gpx';
import { MAX_DEVICE_CHARS, MAX_FIT_SESSIONS, MAX_NAME_CHARS, MAX_XML_ELEMENTS, MAX_XML_TAG_CHARS } from './limits';
import { cpuMsSince, cpuNow } from './test-support/cpu-time';
import { manySessionsFit, wrapFit } from './test-support/fit-builder';

// STYLE rule 7: caps on size, depth and entity expansion are part of the parser. Each crafted
// input must be refused with InvalidFile within a second of CPU time (test-support/cpu-time.ts).

/** The reason the parser refuses the file with. */
async function reasonOf(bytes: Uint8Array, name: string, options?: Parameters<typeof parseActivityFile>[2]) {
  const error = await parseActivityFile(bytes, name, options).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'refused').toBeInstanceOf(InvalidFile);
  return (error as InvalidFile).reason;
}

async function refusal(bytes: Uint8Array, name: string, options?: Parameters<typeof parseActivityFile>[2]) {
  const started = cpuNow();
  const reason = await reasonOf(bytes, name, options);
  expect(cpuMsSince(started), 'within a second of CPU').toBeLessThan(1000);
  return reason;
}

const text = (s: string) => new TextEncoder().encode(s);
const gpx = (body: string) => text(`<?xml version="1.0"?><gpx version="1.1" creator="t"><trk><trkseg>${body}</trkseg></trk></gpx>`);
const point = (i: number) =>
  `<trkpt lat="45.${i % 1000}" lon="7.0"><time>2024-01-01T10:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}Z</time></trkpt>`;

describe('hostile input', () => {
  it('a gzip bomb stops at 10 × the upload cap (CONTRACT)', async () => {
    const bomb = gzipSync(Buffer.alloc(16 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(64 * 1024);
    const reason = await refusal(bomb, 'bomb.gpx.gz', { maxUploadBytes: 1024 * 1024 });
    expect(reason).toContain('expands to more than 10 MiB');
  });

  it('an upload over the cap is refused before any work', async () => {
    expect(await refusal(new Uint8Array(2048), 'big.fit', { maxUploadBytes: 1024 })).toContain('upload limit');
  });

  it('a DOCTYPE with entity expansion (billion laughs) is refused (CONTRACT)', async () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY a "ha"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><gpx>&b;</gpx>`;
    expect(await refusal(text(laughs), 'lol.gpx')).toContain('DOCTYPE');
  });

  it('an entity declaration without a DOCTYPE is refused too', async () => {
    expect(await refusal(text('<TrainingCenterDatabase><!ENTITY x "y"></TrainingCenterDatabase>'), 'x.tcx')).toContain('entities');
  });

  it('deep nesting is refused', async () => {
    const deep = `<gpx>${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}</gpx>`;
    await refusal(text(deep), 'deep.gpx');
  });

  it('too many points are counted and refused before a tree is built', async () => {
    const many = gpx(Array.from({ length: 101 }, (_, i) => point(i)).join(''));
    expect(await refusal(many, 'many.gpx', { maxPoints: 100 })).toContain('at most 100');
    expect(await refusal(readCorpusFile('fit/garmin_fenix5_walk_tiny.fit'), 'w.fit', { maxPoints: 5 })).toContain('at most 5');
  });

  it('a FIT file of millions of empty messages is refused by the pre-scan', async () => {
    const count = 4_000_001;
    const data = new Uint8Array(6 + count);
    data.set([0x40, 0, 0, 20, 0, 0]); // definition: local 0 = record, no fields
    expect(await refusal(wrapFit(data), 'empty-messages.fit')).toContain('messages');
  });

  it('a FIT data message before any definition is refused', async () => {
    expect(await refusal(wrapFit(new Uint8Array([0x00, 1, 2, 3])), 'x.fit')).toContain('damaged');
  });
});

describe('names and content must agree', () => {
  it('refuses an extension we do not read', async () => {
    expect(await refusal(text('PK'), 'export.zip')).toContain('not accepted');
  });
  it('refuses gzip content without .gz', async () => {
    expect(await refusal(gzipSync(gpx(point(1))), 'a.gpx')).toContain('gzip-compressed');
  });
  it('refuses .gz that is not gzip', async () => {
    expect(await refusal(gpx(point(1)), 'a.gpx.gz')).toContain('not gzip');
  });
  it('refuses a GPX named .tcx', async () => {
    expect(await refusal(gpx(point(1)), 'a.tcx')).toBe('This file is a GPX file but is named .tcx.');
  });
  it('refuses a KML named .gpx', async () => {
    expect(await refusal(text('<?xml version="1.0"?><kml><Document/></kml>'), 'a.gpx')).toContain('root <kml>');
  });
  it('refuses a GPX route without times', async () => {
    expect(await refusal(gpx('<trkpt lat="1" lon="1"/>'), 'route.gpx')).toContain('no track points with a time');
  });
  it('accepts a gzipped GPX named .gpx.gz', async () => {
    const [a] = await parseActivityFile(gzipSync(gpx(point(1) + point(2))), 'a.GPX.GZ');
    expect(a!.totalElapsedTime).toBe(1);
  });
});

// Every cap below is a named constant in limits.ts; a file past one is refused with a
// reason (or, for text, cut), and the work before the refusal is one linear pass. No wall-time
// assertion here: the HTTP tests measure and print the times.
describe('caps at parse time', () => {
  it('60 MB of empty sibling elements (gzipped) is refused by the element count', async () => {
    const siblings = Buffer.alloc(60 * 1024 * 1024, '<a/>');
    const file = gzipSync(Buffer.concat([Buffer.from('<gpx creator="t">'), siblings, Buffer.from('</gpx>')]));
    const reason = await reasonOf(file, 'siblings.gpx.gz');
    expect(reason).toContain(`more than ${MAX_XML_ELEMENTS} XML elements`);
  });

  it('an attribute past the tag cap is refused; the GPX creator is read in linear time', async () => {
    const long = `<?xml version="1.0"?><gpx creator="${' '.repeat(60_000)}"><trk><trkseg>${point(1)}</trkseg></trk></gpx>`;
    expect(await reasonOf(text(long), 'creator.gpx')).toContain(`longer than ${MAX_XML_TAG_CHARS} characters`);
    expect(creatorName(' '.repeat(200_000))).toBeNull();
    expect(creatorName(`Runkeeper${' '.repeat(200_000)}- x`)).toBe('Runkeeper - x');
    expect(creatorName('Runkeeper - http://www.runkeeper.com')).toBe('Runkeeper');
    expect(creatorName(`${'x'.repeat(500)} - https://example.com`)).toBe('x'.repeat(MAX_DEVICE_CHARS));
  });

  it(`a FIT with more than ${MAX_FIT_SESSIONS} sessions is refused by the pre-scan`, async () => {
    expect(await reasonOf(manySessionsFit(MAX_FIT_SESSIONS + 1), 'sessions.fit')).toContain(`more than ${MAX_FIT_SESSIONS} sessions`);
  });

  it('a FIT with many sessions gives one activity per session, each with its own records', async () => {
    const activities = await parseActivityFile(manySessionsFit(MAX_FIT_SESSIONS, 30), 'sessions.fit');
    expect(activities).toHaveLength(MAX_FIT_SESSIONS);
    for (const activity of activities) expect(activity.streams.time?.length).toBe(30);
  });

  it('a 2,000,000-character name is cut to 255 characters, not refused', async () => {
    const file = text(`<?xml version="1.0"?><gpx creator="t"><trk><name>${'n'.repeat(2_000_000)}</name><trkseg>${point(1)}${point(2)}</trkseg></trk></gpx>`);
    const [activity] = await parseActivityFile(file, 'long-name.gpx');
    expect(activity!.name).toBe('n'.repeat(MAX_NAME_CHARS));
  });

  it('extension elements named like Object.prototype members are ignored, not a reason to refuse the file', async () => {
    // "Constructor" and "__Proto__" lowercased are members every object inherits: once looked up
    // as a channel, they made the reader throw and the whole file was refused
    const withExtensions = (i: number, extensions: string) => point(i).replace('</trkpt>', `<extensions>${extensions}</extensions></trkpt>`);
    const file = gpx(
      withExtensions(1, '<Constructor>1</Constructor><hr>100</hr>') +
        withExtensions(2, '<__Proto__>2</__Proto__><hr>102</hr>') +
        withExtensions(3, '<x><CONSTRUCTOR><hr>9</hr></CONSTRUCTOR></x>'),
    );
    const [activity] = await parseActivityFile(file, 'prototype-names.gpx');
    expect(activity!.streams.heart_rate).toEqual([100, 102, 9]);
  });
});
