/**
 * Our GPX/TCX reading beside gpxpy's, on the same bytes, in one run:
 *   npx tsx bench/formats/peer-gpx/run.ts [rounds, default 5]
 *
 * The inputs are generated here, deterministically (generate.ts): a 24 h and a 48 h ride at 1 Hz
 * with heart rate, cadence and temperature as GPX, and the 24 h ride as TCX. For each file, each
 * round runs, one after the other (so a burst of load on this shared machine slows every side
 * alike): gpxpy's parse + get_moving_data + get_uphill_downhill + length_3d (Debian's
 * /usr/bin/python3, GPXPY_PYTHON overrides), our parseActivityFile in a process of its own, and
 * (unless NO_UPLOAD=1) the whole upload through `npm start` on the embedded engine (port
 * PEER_PORT, default 3361; it builds first when there is no fresh build). Both parsers run
 * warm: one untimed run first. Prints medians (wall and CPU), the ratios, and each side's peak
 * memory: gpxpy's and our process's peak RSS, our heap's high-water mark from --trace-gc
 * (garbage included), and whether a second process of ours with its old generation capped at 4×
 * the file size (the heap target, as a limit it cannot pass) parses the file twice. Targets: parse ≥ 5× faster than gpxpy;
 * upload ≤ 0.8 s (24 h) and ≤ 1.5 s (48 h); TCX within 1.5× of the GPX figures.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { BenchClient } from '../../ingest/client';
import { startBenchServer, type BenchServer } from '../../lib/server';
import { trackGpx, trackTcx } from './generate';

const ROUNDS = Number(process.argv[2] ?? 5);
const PYTHON = process.env.GPXPY_PYTHON ?? '/usr/bin/python3';
const PORT = Number(process.env.PEER_PORT ?? 3361);
const HERE = join(process.cwd(), 'bench/formats/peer-gpx');

interface RunResult {
  ms: number;
  cpuMs: number;
  points: number;
  movingTime: number | null;
  elevationGain: number | null;
  distance: number | null;
  peakKib: number;
}

/** A parser kept running in its own process: one "run" line in, one RESULT line out. */
class ParserProcess {
  private readonly lines: AsyncIterator<string>;
  /** Our side's heap high-water mark (MB), from the "A (B) -> C (D) MB" lines of --trace-gc. */
  heapPeakMb = 0;

  constructor(private readonly child: ChildProcessWithoutNullStreams) {
    child.stderr.pipe(process.stderr);
    this.lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  }

  async run(): Promise<RunResult> {
    this.child.stdin.write('run\n');
    for (;;) {
      const next = await this.lines.next();
      if (next.done) throw new Error('the parser process ended (over its heap cap?)');
      const gc = /: (?:Scavenge|Mark-Compact|Mark-sweep|Minor Mark-Sweep)[^\d]*([\d.]+) \(/.exec(next.value);
      if (gc) this.heapPeakMb = Math.max(this.heapPeakMb, Number(gc[1]));
      if (next.value.startsWith('RESULT ')) return JSON.parse(next.value.slice(7)) as RunResult;
    }
  }

  stop(): void {
    this.child.stdin.end();
  }
}

const median = (values: number[]) => values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const load = () => `load ${loadavg()[0]!.toFixed(1)}`;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'stride-peer-gpx-'));
  const files = [
    { name: 'ultra-24h.gpx', bytes: trackGpx(24), peer: true },
    { name: 'ultra-48h.gpx', bytes: trackGpx(48), peer: true },
    { name: 'ultra-24h.tcx', bytes: trackTcx(24), peer: false },
  ];
  for (const f of files) writeFileSync(join(dir, f.name), f.bytes);

  let server: BenchServer | null = null;
  let client: BenchClient | null = null;
  let apiKey = '';
  if (process.env.NO_UPLOAD !== '1') {
    server = await startBenchServer(PORT, { RATE_LIMIT_ENABLED: 'false' });
    client = new BenchClient(server.url);
    ({ apiKey } = await client.setup({ username: 'admin', password: 'Bench-Admin-Pass-1' }));
  }

  console.log(`Node ${process.version}; ${ROUNDS} rounds after one warm-up, sides alternating; ${load()} at start\n`);
  const gpx = files.find((f) => f.name === 'ultra-24h.gpx')!;
  const summary: Record<string, { ours: number; upload: number | null }> = {};
  try {
    for (const f of files) {
      const path = join(dir, f.name);
      const ours = new ParserProcess(spawn(process.execPath, ['--trace-gc', '--import', 'tsx', join(HERE, 'parse-child.ts'), path]));
      const peer = f.peer ? new ParserProcess(spawn(PYTHON, [join(HERE, 'gpxpy_parse.py'), path])) : null;
      const times = { ours: [] as number[], oursCpu: [] as number[], peer: [] as number[], peerCpu: [] as number[], upload: [] as number[] };
      let last: { ours: RunResult; peer: RunResult | null } | null = null;
      for (let round = 0; round <= ROUNDS; round++) {
        const p = peer ? await peer.run() : null;
        const o = await ours.run();
        const up = client ? (await client.upload(apiKey, f.name, f.bytes)).ms : null;
        if (round === 0) continue;
        times.ours.push(o.ms);
        times.oursCpu.push(o.cpuMs);
        if (p) {
          times.peer.push(p.ms);
          times.peerCpu.push(p.cpuMs);
        }
        if (up !== null) times.upload.push(up);
        last = { ours: o, peer: p };
      }
      ours.stop();
      peer?.stop();
      // The heap target as a hard limit, apart from the timed rounds (a tight heap costs GC time):
      // a process of our own (tsx and its modules included) with an old generation of 4× the
      // file must parse it twice within it.
      const capMib = Math.floor((4 * f.bytes.length) / 2 ** 20);
      const capped = new ParserProcess(spawn(process.execPath, [`--max-old-space-size=${capMib}`, '--import', 'tsx', join(HERE, 'parse-child.ts'), path]));
      const withinCap = await capped
        .run()
        .then(() => capped.run())
        .then(
          () => 'done',
          () => 'FAILED (out of heap)',
        );
      capped.stop();
      const mb = f.bytes.length / 1e6;
      const o = median(times.ours);
      const up = times.upload.length ? median(times.upload) : null;
      summary[f.name] = { ours: o, upload: up };
      console.log(`${f.name}: ${mb.toFixed(1)} MB, ${last!.ours.points} points (${load()} at end)`);
      console.log(`  ours   parse ${o.toFixed(0)} ms wall, ${median(times.oursCpu).toFixed(0)} ms CPU; peak RSS ${(last!.ours.peakKib / 1024).toFixed(0)} MiB`);
      console.log(
        `         heap: two parses in a process whose old generation is capped at ${capMib} MiB (4× the file, target ≤ 4×): ${withinCap}; ` +
          `GC high-water ${ours.heapPeakMb.toFixed(0)} MB (${(ours.heapPeakMb / mb).toFixed(1)}× the file, garbage not yet collected and the young generation included)`,
      );
      if (last!.peer) {
        const p = median(times.peer);
        console.log(
          `  gpxpy  parse+moving+climb+length ${p.toFixed(0)} ms wall, ${median(times.peerCpu).toFixed(0)} ms CPU; peak RSS ${(last!.peer.peakKib / 1024).toFixed(0)} MiB`,
        );
        console.log(`  gpxpy / ours: ${(p / o).toFixed(1)}× wall, ${(median(times.peerCpu) / median(times.oursCpu)).toFixed(1)}× CPU (target ≥ 5×)`);
        console.log(
          `  figures: moving ${last!.ours.movingTime} s vs ${last!.peer.movingTime} s; climb ${last!.ours.elevationGain?.toFixed(0)} m vs ${last!.peer.elevationGain?.toFixed(0)} m; distance ${(last!.ours.distance! / 1000).toFixed(1)} km vs ${(last!.peer.distance! / 1000).toFixed(1)} km (3-D)`,
        );
      }
      if (up !== null) console.log(`  upload through npm start: p50 ${up.toFixed(0)} ms (${times.upload.map((t) => t.toFixed(0)).join(', ')})`);
      console.log('');
    }
    const tcx = summary['ultra-24h.tcx']!;
    const base = summary[gpx.name]!;
    console.log(
      `TCX / GPX of the same 24 h track: parse ${(tcx.ours / base.ours).toFixed(2)}×` +
        (tcx.upload !== null && base.upload !== null ? `, upload ${(tcx.upload / base.upload).toFixed(2)}×` : '') +
        ' (target ≤ 1.5×)',
    );
    if (server) console.log(`server peak RSS: ${serverPeak(server)}`);
  } finally {
    await server?.stop();
  }
}

/** VmHWM of the server's processes (npm start and the node it runs), from /proc. */
function serverPeak(server: BenchServer): string {
  const pids = new Set([server.process.pid!]);
  for (let grew = true; grew;) {
    grew = false;
    for (const pid of readProcPids()) {
      const parent = Number(/^\d+ \(.*\) \S (\d+)/.exec(readSafe(`/proc/${pid}/stat`))?.[1]);
      if (pids.has(parent) && !pids.has(pid)) {
        pids.add(pid);
        grew = true;
      }
    }
  }
  return [...pids]
    .map((pid) => /VmHWM:\s+(\d+) kB/.exec(readSafe(`/proc/${pid}/status`))?.[1])
    .filter((kb): kb is string => kb !== undefined)
    .map((kb) => `${(Number(kb) / 1024).toFixed(0)} MiB`)
    .join(', ');
}

function readProcPids(): number[] {
  return readdirSync('/proc')
    .filter((n) => /^\d+$/.test(n))
    .map(Number);
}

function readSafe(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
