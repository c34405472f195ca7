import type { ParsedActivity } from '../types';
import { InvalidFile } from '../invalid-file';
import { SampleColumns } from '../metrics/sample-columns';
import { readExtensions } from '../xml/extensions';
import { asNode, num, time, type XmlNode } from '../xml/nodes';
import { decodeXmlText, readXml } from '../xml/read-xml';
import { activityFromTcx, type TcxPoints } from './activity';

function addTrackpoint(points: SampleColumns, tp: XmlNode, ms: number, segment: number): void {
  const i = points.add(ms, segment);
  const position = asNode(tp.Position);
  points.set('lat', i, num(position?.LatitudeDegrees));
  points.set('lon', i, num(position?.LongitudeDegrees));
  points.set('altitude', i, num(tp.AltitudeMeters));
  points.set('distance', i, num(tp.DistanceMeters));
  points.set('heartRate', i, num(asNode(tp.HeartRateBpm)?.Value));
  points.set('cadence', i, num(tp.Cadence));
  readExtensions(tp.Extensions, points, i);
}

/** <Activity> under <Activities>, or under a MultiSportSession's FirstSport or NextSport. */
function isActivityPlace(ancestors: readonly string[]): boolean {
  if (ancestors.length === 2) return ancestors[1] === 'Activities';
  return ancestors.length === 4 && ancestors[2] === 'MultiSportSession' && (ancestors[3] === 'FirstSport' || ancestors[3] === 'NextSport');
}

/**
 * A TCX file to one activity per <Activity>. A MultiSportSession (FirstSport, NextSport…) gives
 * one activity per sport, like a multisport FIT file; its transitions are not activities in TCX
 * (they are laps of the NextSport element), so nothing is dropped. Trackpoints (Activity > Lap >
 * Track > Trackpoint) are read as they stream by; an activity is finished when its element closes.
 */
export function parseTcx(bytes: Uint8Array, maxPoints: number): ParsedActivity[] {
  const single: ParsedActivity[] = [];
  const multisport: ParsedActivity[] = [];
  let current: (TcxPoints & { depth: number; segment: number; multisport: boolean }) | null = null;
  readXml(decodeXmlText(bytes), 'TrainingCenterDatabase', 'Trackpoint', maxPoints, {
    open(name, ancestors) {
      if (current === null) {
        if (name !== 'Activity' || !isActivityPlace(ancestors)) return false;
        current = { columns: new SampleColumns(), lapStarts: [], depth: ancestors.length, segment: 0, multisport: ancestors.length === 4 };
        return true;
      }
      const below = ancestors.length - current.depth;
      if (name === 'Lap' && below === 1) current.lapStarts.push(current.columns.length);
      else if (name === 'Track' && below === 2 && ancestors[ancestors.length - 1] === 'Lap') current.segment++;
      else if (name === 'Trackpoint' && below === 3 && ancestors[ancestors.length - 1] === 'Track' && ancestors[ancestors.length - 2] === 'Lap') return true;
      return false;
    },
    detached(name, value) {
      const node = asNode(value);
      if (current === null) return;
      if (name === 'Trackpoint') {
        const ms = node ? time(node.Time) : null;
        if (node !== null && ms !== null) addTrackpoint(current.columns, node, ms, current.segment);
        return;
      }
      const activity = node ? activityFromTcx(node, current) : null;
      if (activity) (current.multisport ? multisport : single).push(activity);
      current = null;
    },
  });
  // Activities first, then multisport legs, as the tree reader listed them; sorted by start (stable).
  const parsed = [...single, ...multisport];
  if (parsed.length === 0) {
    throw new InvalidFile('The TCX file holds no activity with laps or timed trackpoints (a course or workout file?).');
  }
  return parsed.sort((a, b) => a.startTime.getTime() - b.startTime.getTime());
}
