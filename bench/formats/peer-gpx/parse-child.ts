/**
 * Our side of bench/formats/peer-gpx, as a process of its own like gpxpy's: reads one file (path
 * as argv[2]), then for each line "run" on stdin parses it with parseActivityFile (the parse a
 * worker of the upload pool runs: scan, samples, streams and every figure) and answers one JSON
 * line: wall and CPU milliseconds, points, and the process's peak RSS so far. Started with
 * --trace-gc, so the parent reads the heap's high-water mark from the GC lines on stdout.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { createInterface } from 'node:readline';
import { parseActivityFile } from '../../../server/formats/index';

const path = process.argv[2]!;
const bytes = readFileSync(path);

async function main(): Promise<void> {
  for await (const line of createInterface({ input: process.stdin })) {
    if (line.trim() !== 'run') break;
    const started = performance.now();
    const cpu = process.cpuUsage();
    const [activity] = await parseActivityFile(bytes, basename(path));
    const used = process.cpuUsage(cpu);
    const ms = performance.now() - started;
    const result = {
      ms,
      cpuMs: (used.user + used.system) / 1000,
      points: activity!.streams.time.length,
      movingTime: activity!.movingTime,
      elevationGain: activity!.elevationGain,
      distance: activity!.distance,
      peakKib: process.resourceUsage().maxRSS,
    };
    console.log(`RESULT ${JSON.stringify(result)}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
