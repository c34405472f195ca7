import type { ParsedLap } from '../types';
import { finiteOrNull, positiveOrNull } from '../metrics/stats';
import { asNode, num, time, type XmlNode } from '../xml/nodes';

/** TCX lap extension (ActivityExtension v2 "LX"): average speed, watts and cadences. */
function lapExtension(lap: XmlNode): XmlNode | null {
  return asNode(asNode(lap.Extensions)?.LX);
}

export function lapStartMs(lap: XmlNode): number | null {
  return time(lap['@StartTime']);
}

/**
 * One TCX <Lap> as written by the device. TCX stores only the lap's timer time
 * (TotalTimeSeconds); its elapsed time is the span to its last trackpoint when there is one.
 */
export function lapFromTcx(lap: XmlNode, startMs: number, lastPointMs: number | null): ParsedLap {
  const lx = lapExtension(lap);
  const timer = positiveOrNull(num(lap.TotalTimeSeconds));
  const distance = finiteOrNull(num(lap.DistanceMeters));
  const elapsed = lastPointMs !== null && lastPointMs >= startMs ? Math.max((lastPointMs - startMs) / 1000, timer ?? 0) : timer;
  return {
    startTime: new Date(startMs),
    totalElapsedTime: elapsed,
    totalTimerTime: timer,
    distance,
    averageHr: positiveOrNull(num(asNode(lap.AverageHeartRateBpm)?.Value)),
    maxHr: positiveOrNull(num(asNode(lap.MaximumHeartRateBpm)?.Value)),
    averageSpeed: positiveOrNull(num(lx?.AvgSpeed)) ?? (distance !== null && timer ? positiveOrNull(distance / timer) : null),
    maxSpeed: positiveOrNull(num(lap.MaximumSpeed)),
    averagePower: positiveOrNull(num(lx?.AvgWatts)),
    maxPower: positiveOrNull(num(lx?.MaxWatts)),
    averageCadence: positiveOrNull(num(lap.Cadence)) ?? positiveOrNull(num(lx?.AvgRunCadence)),
    maxCadence: positiveOrNull(num(lx?.MaxBikeCadence)) ?? positiveOrNull(num(lx?.MaxRunCadence)),
    ascent: null,
    totalStrokes: null,
  };
}
