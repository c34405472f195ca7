import { describe, expect, it } from 'vitest';
import { parseActivityFile } from '../index';
import type { Streams } from '../types';
import { inferActivityType, type InferenceInput } from './infer-activity-type';

/** A steady 1 Hz track along a meridian near Graz at `speed` m/s, with altitude. */
function track(speed: number, seconds: number) {
  const points = Array.from({ length: seconds }, (_, i) => ({
    lat: 47.07 + (i * speed) / 111_195,
    lon: 15.44,
    time: new Date(Date.UTC(2024, 4, 1, 8, 0, i)).toISOString(),
  }));
  const streams: Streams = {
    time: points.map((_, i) => i),
    distance: points.map((_, i) => i * speed),
    altitude: points.map(() => 350),
  };
  return { points, streams };
}

const input = (over: Partial<InferenceInput>): InferenceInput => ({
  name: null,
  deviceManufacturer: null,
  deviceModel: null,
  streams: track(3, 1200).streams,
  distance: 3600,
  elevationGain: 10,
  averageCadence: null,
  ...over,
});

function gpx({
  type,
  name,
  creator = 'Test',
  speed = 3,
  seconds = 1200,
}: {
  type?: string;
  name?: string;
  creator?: string;
  speed?: number;
  seconds?: number;
}) {
  const pts = track(speed, seconds).points.map((p) => `<trkpt lat="${p.lat}" lon="${p.lon}"><ele>350</ele><time>${p.time}</time></trkpt>`);
  return Buffer.from(
    `<?xml version="1.0"?><gpx version="1.1" creator="${creator}" xmlns="http://www.topografix.com/GPX/1/1"><trk>` +
      `${name ? `<name>${name}</name>` : ''}${type ? `<type>${type}</type>` : ''}<trkseg>${pts.join('')}</trkseg></trk></gpx>`,
  );
}

describe('sport inference order is name, then creator, then motion', () => {
  it('the name wins over the creator and the motion', () => {
    expect(inferActivityType(input({ name: 'Lunch Swim', deviceModel: 'Edge 530' }))).toEqual({ type: 'swim', by: 'name' });
  });

  it('the creator wins over the motion', () => {
    expect(inferActivityType(input({ name: 'Sonntag', deviceModel: 'Edge 530' }))).toEqual({ type: 'ride', by: 'creator' });
  });

  it('the motion decides last', () => {
    expect(inferActivityType(input({ name: 'Sonntag', deviceModel: 'Forerunner 945' }))).toEqual({ type: 'run', by: 'motion' });
  });

  it('nothing to go on: no decision', () => {
    expect(inferActivityType(input({ streams: { time: [0, 1, 2] }, distance: null }))).toBeNull();
  });
});

describe('parsed activities say where their type came from', () => {
  it('Strava GPX <type>1</type> is a ride and <type>9</type> a run, stated by the file', async () => {
    const [ride] = await parseActivityFile(gpx({ type: '1', name: 'Morning Run' }), 'a.gpx');
    expect(ride).toMatchObject({ activityType: 'ride', activityTypeSource: 'file', sportRaw: '1' });
    const [run] = await parseActivityFile(gpx({ type: '9', speed: 8 }), 'a.gpx');
    expect(run).toMatchObject({ activityType: 'run', activityTypeSource: 'file' });
  });

  it('a GPX without <type> takes its sport from the name, inferred', async () => {
    const [a] = await parseActivityFile(gpx({ name: 'Nachtlauf', speed: 8 }), 'a.gpx');
    expect(a).toMatchObject({ activityType: 'run', activityTypeSource: 'inferred' });
  });

  it('an unknown <type> word is no statement: the motion decides (25 km/h → ride)', async () => {
    const [a] = await parseActivityFile(gpx({ type: 'Sonstiges', speed: 7 }), 'a.gpx');
    expect(a).toMatchObject({ activityType: 'ride', activityTypeSource: 'inferred', sportRaw: 'Sonstiges' });
  });

  it('a TCX Sport="Other" with a bike computer as creator is a ride', async () => {
    const { points } = track(8, 600);
    const tps = points.map(
      (p) =>
        `<Trackpoint><Time>${p.time}</Time><Position><LatitudeDegrees>${p.lat}</LatitudeDegrees><LongitudeDegrees>${p.lon}</LongitudeDegrees></Position></Trackpoint>`,
    );
    const tcx =
      `<?xml version="1.0"?><TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"><Activities>` +
      `<Activity Sport="Other"><Id>${points[0]!.time}</Id><Lap StartTime="${points[0]!.time}"><TotalTimeSeconds>600</TotalTimeSeconds>` +
      `<Track>${tps.join('')}</Track></Lap><Creator><Name>Edge 1040</Name></Creator></Activity></Activities></TrainingCenterDatabase>`;
    const [a] = await parseActivityFile(Buffer.from(tcx), 'a.tcx');
    expect(a).toMatchObject({ activityType: 'ride', activityTypeSource: 'inferred', sportRaw: 'Other' });
  });

  it('a file that says "workout" keeps it: that is a statement, not silence', async () => {
    const [a] = await parseActivityFile(gpx({ type: 'workout', speed: 7 }), 'a.gpx');
    expect(a).toMatchObject({ activityType: 'workout', activityTypeSource: 'file' });
  });

  it('nothing decides (too short): workout, still marked inferred', async () => {
    const [a] = await parseActivityFile(gpx({ seconds: 30 }), 'a.gpx');
    expect(a).toMatchObject({ activityType: 'workout', activityTypeSource: 'inferred' });
  });
});
