import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync, gzipSync, inflateRawSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { Db } from '@/db/client';
import { runMigrations } from '@/db/migrate';
import * as schema from '@/db/schema';
import { parseActivityFile, type ParsedActivity, type Streams } from '@/server/formats';
import { useDatabaseForTests as installDatabase } from '@/server/runtime';
import { createUser } from '@/server/services/users/create-user';
import { ingestActivities } from '@/server/services/ingestion/ingest-activities';
import { prepareActivity, storedStreamTexts } from '@/server/services/ingestion/prepare-activity';
import { closeWorkerPool } from '@/server/workers/pool';
import { withPrivatePostgres } from '../lib/private-postgres';
import { SCALE_DB, SCALE_PG_URL, scaleUrl } from './scale-db';
import { CORPUS, loadTemplates } from './synthetic';

// Storage per activity (issue 55):
//   npx tsx bench/scale/storage.ts [copies per file, default 20]
// 1. Every corpus file (fit, gpx, tcx; not bad/) is stored `copies` times (a day apart) through the
//    ingest path into a private PostgreSQL database (created and dropped here); the growth of the
//    public tables (pg_total_relation_size: table + indexes + TOAST) per group of files of one
//    format and kind, per activity and against the file's bytes and the kept original's (GPX and
//    TCX gzipped, FIT as sent: server/stored-files/originals.ts).
// 2. The stream form: today's (deflated JSON, base64 text) against a prototype of typed arrays
//    (values scaled to the stored decimals, delta, zigzag varint, raw deflate, bytea), bytes and
//    encode/decode CPU over the corpus's streams. A measurement only; nothing stored changes.
// 3. The scale database (SCALE_DB) as seeded: bytes per activity and the first user's ten years.

const COPIES = Number(process.argv[2] ?? 20);
const STREAM_DECIMALS: Record<string, number> = {
  time: 3,
  lat: 7,
  lon: 7,
  distance: 2,
  altitude: 2,
  heart_rate: 1,
  cadence: 1,
  power: 1,
  speed: 3,
  temperature: 1,
};
const KB = 1024;

interface CorpusFile {
  path: string;
  name: string;
  format: string;
  bytes: number;
  keptBytes: number;
  activities: ParsedActivity[];
  group: string;
}

async function corpusFiles(): Promise<CorpusFile[]> {
  const files: CorpusFile[] = [];
  for (const format of ['fit', 'gpx', 'tcx']) {
    for (const name of readdirSync(join(CORPUS, format)).sort()) {
      const bytes = readFileSync(join(CORPUS, format, name));
      const activities = await parseActivityFile(bytes, name);
      const text = format !== 'fit' && !name.endsWith('.gz');
      const kinds = [...new Set(activities.map((a) => kindOf(a)))];
      files.push({
        path: `${format}/${name}`,
        name,
        format,
        bytes: bytes.length,
        keptBytes: text ? gzipSync(bytes).length : bytes.length,
        activities,
        group: `${format} ${kinds.length > 1 ? 'multisport' : kinds[0]}`,
      });
    }
  }
  return files;
}

function kindOf(a: ParsedActivity): string {
  const t = a.activityType;
  if (t.includes('swim')) return 'swim';
  if (t === 'indoor_ride') return 'indoor ride';
  if (t.includes('ride')) return 'ride';
  if (t === 'hike' || t === 'walk') return 'hike/walk';
  if (t.includes('run') || t === 'treadmill') return 'run';
  return 'other';
}

async function publicBytes(db: Db): Promise<number> {
  const [row] = (await db.execute(
    sql`select coalesce(sum(pg_total_relation_size(c.oid)), 0)::text as b from pg_class c where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace`,
  )) as unknown as { b: string }[];
  return Number(row!.b);
}

async function tableBytes(db: Db): Promise<Map<string, number>> {
  const rows = (await db.execute(
    sql`select c.relname as t, pg_total_relation_size(c.oid)::text as b from pg_class c where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace`,
  )) as unknown as { t: string; b: string }[];
  return new Map(rows.map((r) => [r.t, Number(r.b)]));
}

async function storeCorpus(files: CorpusFile[]): Promise<void> {
  await withPrivatePostgres(SCALE_PG_URL, 'stride_scale_storage', async (url) => {
    const client = postgres(url, { max: 1, onnotice: () => {}, connection: { synchronous_commit: 'off' } });
    const database = { db: drizzlePostgres({ client, schema }) as unknown as Db, engine: 'postgres' as const, url, close: () => client.end({ timeout: 5 }) };
    installDatabase(database);
    try {
      await runMigrations(database);
      const user = await createUser(database.db, { username: 'storage', password: 'Storage-Bench-1', name: 'Storage', access_type: 'regular' });
      const groups = [...new Set(files.map((f) => f.group))];
      const rows = [];
      const tablesBefore = await tableBytes(database.db);
      let day = 0;
      let fitDb = 0;
      let fitBytes = 0;
      for (const group of groups) {
        const inGroup = files.filter((f) => f.group === group);
        const before = await publicBytes(database.db);
        let activities = 0;
        for (let copy = 0; copy < COPIES; copy++) {
          for (const file of inGroup) {
            day++;
            const shifted = file.activities.map((a) => {
              const ms = day * 86_400_000;
              return prepareActivity({
                ...a,
                startTime: new Date(a.startTime.getTime() + ms),
                endTime: new Date(a.endTime.getTime() + ms),
                laps: a.laps.map((l) => ({ ...l, startTime: new Date(l.startTime.getTime() + ms) })),
              });
            });
            await ingestActivities(database.db, user.id, shifted, { source: 'upload' }, { awaitSubscribers: true });
            activities += shifted.length;
          }
        }
        await database.db.execute(sql`vacuum analyze`);
        const grown = (await publicBytes(database.db)) - before;
        const fileBytes = inGroup.reduce((n, f) => n + f.bytes, 0);
        const kept = inGroup.reduce((n, f) => n + f.keptBytes, 0);
        const points = inGroup.reduce((n, f) => n + f.activities.reduce((m, a) => m + a.streams.time.length, 0), 0);
        if (group.startsWith('fit')) {
          fitDb += grown / COPIES;
          fitBytes += fileBytes;
        }
        rows.push({
          group,
          files: inGroup.length,
          'activities/file': +(activities / COPIES / inGroup.length).toFixed(1),
          'points/file': Math.round(points / inGroup.length),
          'file KB': +(fileBytes / inGroup.length / KB).toFixed(1),
          'kept original KB': +(kept / inGroup.length / KB).toFixed(1),
          'database KB/file': +(grown / COPIES / inGroup.length / KB).toFixed(1),
          'database ÷ file': +(grown / COPIES / fileBytes).toFixed(2),
          'database B/point': points ? +(grown / COPIES / points).toFixed(1) : '-',
        });
      }
      console.log(`\nThe corpus stored ${COPIES} times through the ingest path (PostgreSQL, table + indexes + TOAST of the public tables, after vacuum):`);
      console.table(rows);
      console.log(
        `FIT files: database ${(fitDb / KB / KB).toFixed(2)} MB for ${(fitBytes / KB / KB).toFixed(2)} MB of FIT = ${(fitDb / fitBytes).toFixed(2)} of the file`,
      );
      const after = await tableBytes(database.db);
      const total = [...after.values()].reduce((n, b) => n + b, 0) - [...tablesBefore.values()].reduce((n, b) => n + b, 0);
      const shares = [...after]
        .map(([t, b]) => ({ table: t, grown: b - (tablesBefore.get(t) ?? 0) }))
        .filter((r) => r.grown > 0)
        .sort((a, b) => b.grown - a.grown)
        .slice(0, 10)
        .map((r) => ({ table: r.table, MB: +(r.grown / KB / KB).toFixed(2), share: `${((100 * r.grown) / total).toFixed(1)} %` }));
      console.table(shares);
    } finally {
      await closeWorkerPool();
      await database.close();
    }
  });
}

// --- the prototype stream form ---

/** Version 1 of a typed stream: [1, count varint] then per value zigzag varint of the delta of round(v × 10^d), null as a 0 byte after a flag. */
function encodeTyped(values: readonly (number | null)[], decimals: number): Buffer {
  const scale = 10 ** decimals;
  const out = Buffer.allocUnsafe(values.length * 10 + 16);
  let at = 0;
  const varint = (n: number) => {
    while (n >= 0x80) {
      out[at++] = (n % 0x80) | 0x80;
      n = Math.floor(n / 0x80);
    }
    out[at++] = n;
  };
  out[at++] = 1; // version
  varint(values.length);
  let last = 0;
  for (const v of values) {
    if (v === null) {
      out[at++] = 0; // zigzag 0 is never written for a value: a repeat is 2 below
      continue;
    }
    const scaled = Math.round(v * scale);
    const delta = scaled - last;
    last = scaled;
    varint((delta >= 0 ? delta * 2 : -delta * 2 - 1) + 1);
  }
  return deflateRawSync(out.subarray(0, at), { level: 1 });
}

function decodeTyped(bytes: Buffer, decimals: number): (number | null)[] {
  const data = inflateRawSync(bytes);
  const scale = 10 ** decimals;
  let at = 1;
  const varint = () => {
    let n = 0;
    let mul = 1;
    for (;;) {
      const b = data[at++]!;
      n += (b & 0x7f) * mul;
      if (b < 0x80) return n;
      mul *= 0x80;
    }
  };
  const count = varint();
  const values: (number | null)[] = new Array(count);
  let last = 0;
  for (let i = 0; i < count; i++) {
    const z = varint();
    if (z === 0) {
      values[i] = null;
      continue;
    }
    const u = z - 1;
    last += u % 2 ? -(u + 1) / 2 : u / 2;
    values[i] = last / scale;
  }
  return values;
}

async function streamForms(): Promise<void> {
  const templates = await loadTemplates();
  const activities = (await corpusFiles()).flatMap((f) => f.activities).filter((a) => a.streams.time.length > 0);
  let jsonBytes = 0;
  let typedBytes = 0;
  let points = 0;
  let jsonEncode = 0;
  let jsonDecode = 0;
  let typedEncode = 0;
  let typedDecode = 0;
  for (let round = 0; round < 3; round++) {
    for (const a of activities) {
      const prepared = prepareActivity(a);
      const texts = storedStreamTexts(prepared.streams!);
      for (const [name, text] of Object.entries(texts)) {
        if (text === null) continue;
        const column = (a.streams as Streams)[name as keyof Streams]!;
        let t = performance.now();
        const typed = encodeTyped(column, STREAM_DECIMALS[name]!);
        typedEncode += performance.now() - t;
        t = performance.now();
        const json = Buffer.from(text, 'base64');
        JSON.parse(inflateRawSync(json).toString());
        jsonDecode += performance.now() - t;
        t = performance.now();
        decodeTyped(typed, STREAM_DECIMALS[name]!);
        typedDecode += performance.now() - t;
        t = performance.now();
        deflateRawSync(JSON.stringify(column.map((v) => (v === null ? null : Math.round(v * 10 ** STREAM_DECIMALS[name]!) / 10 ** STREAM_DECIMALS[name]!))), {
          level: 1,
        });
        jsonEncode += performance.now() - t;
        if (round === 0) {
          jsonBytes += text.length;
          typedBytes += typed.length;
        }
      }
      if (round === 0) points += a.streams.time.length;
    }
  }
  // the round trip is exact at the stored decimals
  const check = activities.find((a) => a.streams.lat)!;
  const lat = check.streams.lat!;
  const back = decodeTyped(encodeTyped(lat, 7), 7);
  const exact = lat.every((v, i) => (v === null ? back[i] === null : Math.abs(back[i]! - v) < 0.6e-7));
  console.log(
    `\nStream forms over the corpus's ${activities.length} activities with streams (${points} points; ${templates.length} templates), 3 rounds of CPU:`,
  );
  console.table([
    {
      form: 'today: deflated JSON, base64 text',
      'bytes/point': +(jsonBytes / points).toFixed(2),
      MB: +(jsonBytes / KB / KB).toFixed(2),
      'encode ms': Math.round(jsonEncode / 3),
      'decode ms': Math.round(jsonDecode / 3),
    },
    {
      form: 'typed v1: delta varint, deflated, bytea',
      'bytes/point': +(typedBytes / points).toFixed(2),
      MB: +(typedBytes / KB / KB).toFixed(2),
      'encode ms': Math.round(typedEncode / 3),
      'decode ms': Math.round(typedDecode / 3),
    },
  ]);
  console.log(`typed ÷ today: ${(typedBytes / jsonBytes).toFixed(2)} of the bytes; the round trip of a latitude stream exact at 7 decimals: ${exact}`);
}

async function scaleDatabase(): Promise<void> {
  const client = postgres(scaleUrl(), { max: 1, onnotice: () => {} });
  try {
    const [size] =
      await client`select pg_database_size(${SCALE_DB})::bigint as bytes, (select count(*) from activities)::int as activities, (select count(distinct user_id) from activities)::int as users`;
    const tables = await client`select c.relname as t, pg_total_relation_size(c.oid)::bigint as total, pg_relation_size(c.oid)::bigint as heap,
      pg_indexes_size(c.oid)::bigint as idx, coalesce(pg_total_relation_size(nullif(c.reltoastrelid, 0)), 0)::bigint as toast
      from pg_class c where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace order by 2 desc limit 8`;
    const n = size!.activities as number;
    const [first] =
      await client`select count(*)::int as n, sum(total_elapsed_time)::float / 3600 as hours from activities a join users u on u.id = a.user_id where u.username = 'scale001'`;
    const [points] = await client`select avg(total_elapsed_time)::float as s from activities`;
    console.log(
      `\n${SCALE_DB}: ${(Number(size!.bytes) / 1e9).toFixed(2)} GB for ${n} activities of ${size!.users} users: ${Math.round(Number(size!.bytes) / n / KB)} KB an activity (mean ${Math.round(points!.s as number)} s at 1 Hz)`,
    );
    console.table(
      tables.map((t) => ({
        table: t.t,
        'total MB': Math.round(Number(t.total) / KB / KB),
        'heap MB': Math.round(Number(t.heap) / KB / KB),
        'index MB': Math.round(Number(t.idx) / KB / KB),
        'TOAST MB': Math.round(Number(t.toast) / KB / KB),
        'KB/activity': +(Number(t.total) / n / KB).toFixed(1),
      })),
    );
    console.log(`scale001: ${first!.n} activities, ${Math.round(first!.hours as number)} hours over ten years`);
  } finally {
    await client.end({ timeout: 5 });
  }
}

async function main(): Promise<void> {
  process.env.SECRET_KEY ??= 'scale-bench-secret-key-0123456789abcdef';
  process.env.DATA_DIR ??= 'bench/output/scale-data';
  process.env.LOG_LEVEL ??= 'warn';
  const only = process.env.ONLY;
  if (!only || only === 'scale') await scaleDatabase();
  if (!only || only === 'forms') await streamForms();
  if (!only || only === 'corpus') await storeCorpus(await corpusFiles());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
