import type { Db } from '@/db/client';
import { AppError } from '@/server/errors';
import { acceptedName } from '@/server/formats';
import type { PreparedActivity } from '@/server/services/ingestion/prepare-activity';
import { activityRecord } from '../activities/activity-record';
import type { UploadedActivityResponse } from '../activities/schemas';
import { ingestActivities } from '../ingestion/ingest-activities';
import { parseForIngestion } from '../ingestion/parse-for-ingestion';
import { duplicateOf } from './duplicate-of';
import { recordUploadAnswer, replayUpload } from './idempotency';
import { keepOriginal, removeOriginal } from '@/server/stored-files/originals';

export interface UploadedFile {
  /** the received file on disk: read and kept as the original here, removed by whoever received it */
  path: string;
  filename: string;
  sha256: string;
}

export interface UploadResult {
  /**
   * the activities the file held, or those the first upload under the same Idempotency-Key stored;
   * each says which earlier activity it duplicates (stored hidden), if any
   */
  activities: UploadedActivityResponse[];
  /** the answer of an earlier upload under the same Idempotency-Key */
  replayed: boolean;
}

/** Thrown inside the transaction when a concurrent request recorded the same key first. */
class KeyTakenMeanwhile extends Error {}

/**
 * CONTRACT: Activities upload: extension check (406), Idempotency-Key replay (409 for other
 * bytes), parse (400 with the parser's reason), then the original file, the activities, laps,
 * streams and the idempotency record in one transaction; activity.created after the commit.
 * A failure stores nothing. The received file stays its receiver's: this only reads it and keeps
 * a copy (a hard link where it can).
 */
export async function createActivitiesFromUpload(db: Db, userId: number, file: UploadedFile, idempotencyKey?: string | null): Promise<UploadResult> {
  // the one check of the name: the parser is handed the accepted name and does not check it again
  const named = acceptedName(file.filename);
  if (!named) {
    throw new AppError('unsupported_format', {
      detail: `Files named "${file.filename}" are not accepted: upload a .gpx, .tcx or .fit file, optionally compressed as .gz.`,
    });
  }
  if (idempotencyKey) {
    const earlier = await replayUpload(db, userId, idempotencyKey, file.sha256);
    if (earlier) return { activities: earlier, replayed: true };
  }
  // the worker reads the file itself: the request thread never holds its bytes; the original is
  // kept meanwhile (a GPX or TCX is gzipped on libuv's threads while the worker parses)
  const keeping = keepOriginal(userId, file.path, file.filename);
  keeping.catch(() => {}); // awaited below, after the parse; a failed parse removes what was kept
  const parsed = await parseForIngestion(file.path, named, { sha256: file.sha256 }).catch(async (error: unknown) => {
    await keeping.then(removeOriginal, () => {});
    throw error;
  });
  const originalPath = await keeping;
  return store(db, userId, file, parsed, originalPath, idempotencyKey ?? null);
}

async function store(db: Db, userId: number, file: UploadedFile, parsed: PreparedActivity[], originalPath: string, key: string | null): Promise<UploadResult> {
  let answer: UploadedActivityResponse[] = [];
  try {
    await ingestActivities(
      db,
      userId,
      parsed,
      { source: 'upload', originalPath, originalFilename: file.filename },
      {
        awaitSubscribers: false,
        inTransaction: async (tx, rows) => {
          answer = [];
          for (const { row } of rows) answer.push({ ...activityRecord(row), duplicate_of: await duplicateOf(tx, userId, row) });
          if (key && !(await recordUploadAnswer(tx, userId, key, file.sha256, answer))) throw new KeyTakenMeanwhile();
        },
      },
    );
    return { activities: answer, replayed: false };
  } catch (error) {
    await removeOriginal(originalPath);
    if (error instanceof KeyTakenMeanwhile && key) {
      const earlier = await replayUpload(db, userId, key, file.sha256);
      if (earlier) return { activities: earlier, replayed: true };
    }
    throw error;
  }
}
