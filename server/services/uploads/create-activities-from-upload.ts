import { readFile, rm } from 'node:fs/promises';
import type { Db } from '@/db/client';
import { env } from '@/server/env';
import { AppError } from '@/server/errors';
import { publishActivityCreated } from '@/server/events/activity-created';
import { formatFromFilename, isInvalidFile, type ParsedActivity } from '@/server/formats';
import { logSecurityEvent } from '@/server/log/security-event';
import { parseActivityFileOffThread } from '@/server/workers/parse-off-thread';
import { activityRecord, type ActivityRecord } from '../activities/activity-record';
import { insertParsedActivities } from '../activities/insert-parsed-activities';
import { recordUploadAnswer, replayUpload } from './idempotency';
import { keepOriginal, removeOriginal } from './originals';

export interface UploadedFile {
  /** the received file on disk (moved into the originals folder on success, removed otherwise) */
  path: string;
  filename: string;
  sha256: string;
}

export interface UploadAnswer {
  status: number;
  body: ActivityRecord[];
  replayed: boolean;
}

/** Thrown inside the transaction when a concurrent request recorded the same key first. */
class KeyTakenMeanwhile extends Error {}

/**
 * CONTRACT "Activities" upload: extension check (406), Idempotency-Key replay (409 for other
 * bytes), parse (400 with the parser's reason), then the original file, the activities, laps,
 * streams and the idempotency record in one transaction; activity.created after the commit.
 * A failure stores nothing.
 */
export async function createActivitiesFromUpload(db: Db, userId: number, file: UploadedFile, idempotencyKey?: string | null): Promise<UploadAnswer> {
  try {
    if (!formatFromFilename(file.filename).format) {
      throw new AppError('unsupported_format', {
        detail: `Files named "${file.filename}" are not accepted: upload a .gpx, .tcx or .fit file, optionally compressed as .gz.`,
      });
    }
    if (idempotencyKey) {
      const earlier = await replayUpload(db, userId, idempotencyKey, file.sha256);
      if (earlier) return { status: earlier.status, body: earlier.body as ActivityRecord[], replayed: true };
    }
    const parsed = await parse(file);
    return await store(db, userId, file, parsed, idempotencyKey ?? null);
  } finally {
    await rm(file.path, { force: true });
  }
}

/** Parsed in the worker pool; a file refused by a cap or a budget is logged as a security event. */
async function parse(file: UploadedFile): Promise<ParsedActivity[]> {
  try {
    const bytes = await readFile(file.path);
    return await parseActivityFileOffThread(bytes, file.filename, { maxUploadBytes: env().MAX_UPLOAD_BYTES });
  } catch (error) {
    if (!isInvalidFile(error)) throw error;
    if (error.limit) logSecurityEvent('hostile_file_refused', { limit: error.limit, sha256: file.sha256, extension: formatFromFilename(file.filename).extension });
    throw new AppError('invalid_input', { detail: error.reason });
  }
}

async function store(db: Db, userId: number, file: UploadedFile, parsed: ParsedActivity[], key: string | null): Promise<UploadAnswer> {
  const originalPath = await keepOriginal(userId, file.path, file.filename);
  try {
    const inserted = await db.transaction(async (tx) => {
      const rows = await insertParsedActivities(tx, userId, parsed, { source: 'upload', originalPath, originalFilename: file.filename });
      if (key && !(await recordUploadAnswer(tx, userId, key, file.sha256, { status: 201, body: rows.map((r) => activityRecord(r.row)) }))) {
        throw new KeyTakenMeanwhile();
      }
      return rows;
    });
    void publishActivityCreated(
      db,
      inserted.map(({ row, duplicateStartTime }) => ({ activity_id: row.id, user_id: userId, source: 'upload', duplicate_start_time: duplicateStartTime })),
    );
    return { status: 201, body: inserted.map((r) => activityRecord(r.row)), replayed: false };
  } catch (error) {
    await removeOriginal(originalPath);
    if (error instanceof KeyTakenMeanwhile && key) {
      const earlier = await replayUpload(db, userId, key, file.sha256);
      if (earlier) return { status: earlier.status, body: earlier.body as ActivityRecord[], replayed: true };
    }
    throw error;
  }
}
