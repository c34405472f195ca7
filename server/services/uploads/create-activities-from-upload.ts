import { readFile, rm } from 'node:fs/promises';
import type { Db } from '@/db/client';
import { AppError } from '@/server/errors';
import { formatFromFilename } from '@/server/formats';
import type { PreparedActivity } from '@/server/services/ingestion/prepare-activity';
import { activityRecord, type ActivityRecord } from '../activities/activity-record';
import { ingestActivities } from '../ingestion/ingest-activities';
import { parseForIngestion } from '../ingestion/parse-for-ingestion';
import { recordUploadAnswer, replayUpload } from './idempotency';
import { keepOriginal, removeOriginal } from '@/server/stored-files/originals';

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
 * CONTRACT: Activities upload: extension check (406), Idempotency-Key replay (409 for other
 * bytes), parse (400 with the parser's reason), then the original file, the activities, laps,
 * streams and the idempotency record in one transaction; activity.created after the commit.
 * A failure stores nothing.
 */
export async function createActivitiesFromUpload(db: Db, userId: number, file: UploadedFile, idempotencyKey?: string | null): Promise<UploadAnswer> {
  // once kept as the original, the received file is gone from the temp folder: nothing to remove
  let kept = false;
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
    const parsed = await parseForIngestion(await readFile(file.path), file.filename, { sha256: file.sha256 });
    const originalPath = await keepOriginal(userId, file.path, file.filename);
    kept = true;
    return await store(db, userId, file, parsed, originalPath, idempotencyKey ?? null);
  } finally {
    if (!kept) await rm(file.path, { force: true });
  }
}

async function store(db: Db, userId: number, file: UploadedFile, parsed: PreparedActivity[], originalPath: string, key: string | null): Promise<UploadAnswer> {
  try {
    const inserted = await ingestActivities(
      db,
      userId,
      parsed,
      { source: 'upload', originalPath, originalFilename: file.filename },
      {
        awaitSubscribers: false,
        inTransaction: async (tx, rows) => {
          if (key && !(await recordUploadAnswer(tx, userId, key, file.sha256, { status: 201, body: rows.map((r) => activityRecord(r.row)) }))) {
            throw new KeyTakenMeanwhile();
          }
        },
      },
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
