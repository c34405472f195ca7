import type { ParsedActivity } from '../types';
import { declaredActivityType } from '../activity-types';
import { averageSpeed, clampText, paceFromSpeed, withActivityType } from '../finalize';
import { MAX_DEVICE_CHARS } from '../limits';
import { InvalidFile } from '../invalid-file';
import { SampleColumns } from '../metrics/sample-columns';
import { summarizeSamples } from '../metrics/summarize';
import { readExtensions } from '../xml/extensions';
import { asNode, children, num, text, time } from '../xml/nodes';
import { decodeXmlText, readXml } from '../xml/read-xml';
import { NO_LOAD } from '../metrics/training-load';

/**
 * A GPX file to one activity. Every <trk> and <trkseg> of the file belongs to it, in document
 * order; each segment is its own piece of line, so the jump between two tracks or segments
 * (a pause, a GPS receiver switched off) never adds distance. GPX has no device totals: every
 * figure is computed from the points, and there is no timer time (null).
 */
export function parseGpx(bytes: Uint8Array, maxPoints: number): ParsedActivity[] {
  const points = new SampleColumns();
  let segment = 0;
  // Points are read as they stream by (gpx > trk > trkseg > trkpt, in document order); the rest
  // of the document (names, type, creator) is small and kept.
  const gpx = readXml(decodeXmlText(bytes), 'gpx', 'trkpt', maxPoints, {
    open(name, ancestors) {
      if (name === 'trkseg' && ancestors.length === 2 && ancestors[1] === 'trk') segment++;
      return name === 'trkpt' && ancestors.length === 3 && ancestors[2] === 'trkseg' && ancestors[1] === 'trk';
    },
    detached(_name, value) {
      const pt = asNode(value);
      const ms = pt ? time(pt.time) : null;
      // A point without a time cannot be placed on the activity's clock (routes have none).
      if (pt === null || ms === null) return;
      const i = points.add(ms, segment);
      points.set('lat', i, num(pt['@lat']));
      points.set('lon', i, num(pt['@lon']));
      points.set('altitude', i, num(pt.ele));
      readExtensions(pt.extensions, points, i);
    },
  });
  const tracks = children(gpx, 'trk');
  if (points.length === 0) {
    throw new InvalidFile('The GPX file has no track points with a time: it is a route or a list of waypoints, not a recorded activity.');
  }

  let startMs = Infinity;
  let endMs = -Infinity;
  for (let i = 0; i < points.length; i++) {
    const t = points.time[i]!;
    if (t < startMs) startMs = t;
    if (t > endMs) endMs = t;
  }
  const metrics = summarizeSamples(points, startMs);
  const typeText = tracks.map((t) => text(t.type)).find((t) => t !== null) ?? null;
  const name = tracks.map((t) => text(t.name)).find((n) => n !== null) ?? text(asNode(gpx.metadata)?.name);
  const speed = averageSpeed(null, metrics.distance, metrics.movingTime);

  return [
    withActivityType(
      {
        format: 'gpx',
        ...NO_LOAD,
        name: name ?? null,
        sportRaw: typeText,
        startTime: new Date(startMs),
        endTime: new Date(endMs),
        distance: metrics.distance,
        totalElapsedTime: (endMs - startMs) / 1000,
        totalTimerTime: null,
        movingTime: metrics.movingTime,
        elevationGain: metrics.elevation?.gain ?? null,
        elevationLoss: metrics.elevation?.loss ?? null,
        averageSpeed: speed,
        maxSpeed: metrics.maxSpeed,
        averagePace: paceFromSpeed(speed),
        averageHr: metrics.heartRate.average,
        maxHr: metrics.heartRate.max,
        averagePower: metrics.power.average,
        maxPower: metrics.power.max,
        normalizedPower: metrics.normalizedPower,
        averageCadence: metrics.cadence.average,
        maxCadence: metrics.cadence.max,
        poolLength: null,
        totalStrokes: null,
        calories: null,
        deviceManufacturer: null,
        deviceModel: creatorName(text(gpx['@creator'])),
        startLat: metrics.firstPosition?.lat ?? null,
        startLon: metrics.firstPosition?.lon ?? null,
        laps: [],
        streams: metrics.streams,
      },
      declaredActivityType(typeText),
      metrics,
    ),
  ];
}

/**
 * "Runkeeper - http://www.runkeeper.com" → "Runkeeper": the app or device that wrote the file.
 * The creator is user text, so no backtracking pattern runs over it (a regex ending in
 * `\s+-\s+https?:…$` took seconds on 60 KB of spaces): split into words once, drop a trailing
 * "- <url>", and cut the rest to the device-string cap.
 */
export function creatorName(creator: string | null): string | null {
  if (!creator) return null;
  const words = creator.trim().split(/\s+/);
  const last = words.length - 1;
  if (last >= 2 && words[last - 1] === '-' && /^https?:\/\//i.test(words[last]!)) words.length = last - 1;
  return clampText(words.join(' '), MAX_DEVICE_CHARS);
}
