import type { ParsedActivity } from '../types';
import { InvalidFile } from '../invalid-file';
import { asNode, children, type XmlNode } from '../xml/nodes';
import { decodeXmlText, readXml } from '../xml/read-xml';
import { activityFromTcx } from './activity';

/**
 * A TCX file to one activity per <Activity>. A MultiSportSession (FirstSport, NextSport…) gives
 * one activity per sport, like a multisport FIT file; its transitions are not activities in TCX
 * (they are laps of the NextSport element), so nothing is dropped.
 */
export function parseTcx(bytes: Uint8Array, maxPoints: number): ParsedActivity[] {
  const { tree } = readXml(decodeXmlText(bytes), 'TrainingCenterDatabase', 'Trackpoint', maxPoints);
  const container = asNode(tree.Activities);
  const activities: XmlNode[] = [...children(container, 'Activity')];
  for (const session of children(container, 'MultiSportSession')) {
    activities.push(...children(asNode(session.FirstSport), 'Activity'));
    for (const next of children(session, 'NextSport')) activities.push(...children(next, 'Activity'));
  }
  const parsed = activities.map(activityFromTcx).filter((a): a is ParsedActivity => a !== null);
  if (parsed.length === 0) {
    throw new InvalidFile('The TCX file holds no activity with laps or timed trackpoints (a course or workout file?).');
  }
  return parsed.sort((a, b) => a.startTime.getTime() - b.startTime.getTime());
}
