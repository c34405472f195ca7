import type { z } from 'zod';
import type { JobItemError } from '@/db/schema';
import type { ExportArchive } from '@/server/formats/archive';
import { MIB } from '@/server/formats/limits';
import { ITEM_CODES } from './job-items';
import {
  strideActivity,
  strideGear,
  strideGoal,
  strideHeader,
  strideNotification,
  strideWeight,
  type StrideActivity,
  type StrideGear,
  type StrideGoal,
  type StrideNotification,
  type StrideWeight,
} from './stride-json-schema';

export const STRIDE_JSON = 'stride.json';
const STRIDE_JSON_MAX_BYTES = 64 * MIB;
/** the newest stride.json this importer was written for; a newer one is read for what it knows */
const KNOWN_VERSION = 2;

export interface StrideData {
  activities: StrideActivity[];
  /** activities by their id in the export (activities.csv's Activity ID) */
  byId: Map<number, StrideActivity>;
  gear: StrideGear[];
  weights: StrideWeight[];
  goals: StrideGoal[];
  notifications: StrideNotification[];
}

export interface StrideRead {
  data: StrideData | null;
  warnings: JobItemError[];
}

const warning = (detail: string): JobItemError => ({ item: STRIDE_JSON, code: ITEM_CODES.stride, detail });

/** The valid entries of one section; the invalid ones are counted in one warning. */
function section<T>(raw: unknown, name: string, schema: z.ZodType<T>, warnings: JobItemError[]): T[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    warnings.push(warning(`"${name}" is not a list: ignored.`));
    return [];
  }
  const valid: T[] = [];
  const invalid: string[] = [];
  raw.forEach((entry, index) => {
    const parsed = schema.safeParse(entry);
    if (parsed.success) valid.push(parsed.data);
    else invalid.push(`${name}[${index}].${parsed.error.issues[0]?.path.join('.') ?? ''}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  });
  if (invalid.length)
    warnings.push(warning(`${invalid.length} invalid ${name} entr${invalid.length > 1 ? 'ies were' : 'y was'} ignored (first: ${invalid[0]}).`));
  return valid;
}

/**
 * stride.json of a Stride export, when present. Whatever is wrong with it (unreadable, not JSON,
 * another format, invalid entries) is a warning: the activities import without it.
 */
export async function readStrideJson(archive: ExportArchive): Promise<StrideRead> {
  if (!archive.has(STRIDE_JSON)) return { data: null, warnings: [] };
  const warnings: JobItemError[] = [];
  let raw: unknown;
  try {
    raw = JSON.parse((await archive.read(STRIDE_JSON, STRIDE_JSON_MAX_BYTES)).toString('utf8'));
  } catch (error) {
    const reason = (error as { reason?: string }).reason ?? (error as Error).message;
    return { data: null, warnings: [warning(`stride.json cannot be read (${reason}): only Strava's layout was imported.`)] };
  }
  const header = strideHeader.safeParse(raw);
  if (!header.success) return { data: null, warnings: [warning('stride.json is not a Stride account export: ignored.')] };
  if (header.data.version > KNOWN_VERSION) {
    warnings.push(warning(`stride.json version ${header.data.version} is newer than this Stride reads (${KNOWN_VERSION}): only what it knows was applied.`));
  }
  const body = raw as Record<string, unknown>;
  const activities = section(body.activities, 'activities', strideActivity, warnings);
  const data: StrideData = {
    activities,
    byId: new Map(activities.map((a) => [a.activity_id, a])),
    gear: section(body.gear, 'gear', strideGear, warnings),
    weights: section(body.weights, 'weights', strideWeight, warnings),
    goals: section(body.goals, 'goals', strideGoal, warnings),
    notifications: section(body.notifications, 'notifications', strideNotification, warnings),
  };
  return { data, warnings };
}
