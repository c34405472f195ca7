'use client';
import { nowMs } from '@/server/clock';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useOnline } from '../../../_components/offline-status';
import { refreshQuery } from '../../../_lib/refresh-query';
import { trpc } from '../../../_lib/trpc';
import { enqueueUpload, listQueuedUploads, newIdempotencyKey, removeQueuedUpload } from '../../../_lib/upload-queue';
import { uploadActivityFile } from '../../../_lib/upload-file';
import { useMe } from '../../../_lib/use-me';
import type { UploadTask } from './upload-item';

/** files sent at once: a few, so a 39-file drop neither crawls nor meets the UPLOAD tier at once */
export const PARALLEL_UPLOADS = 3;
/** waits out this many refusals (429, 503) per file before it counts as failed */
const MAX_WAITS = 30;
/** a refusal without Retry-After waits this long */
const DEFAULT_WAIT_S = 5;
/** the list is fetched again this long after the last stored file, not once per file */
const LIST_REFRESH_MS = 750;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The dropzone's upload queue: any number of files, PARALLEL_UPLOADS at a time, in the order
 * dropped. A 429 (or 503) pauses the whole queue for the Retry-After the service gave, then the
 * same file is sent again with the same Idempotency-Key, so nothing is stored twice. Each file
 * shows its state: waiting, uploading, stored, duplicate (with the activity it duplicates) or
 * refused (with the reason); failed files can be sent again. A file dropped offline, or whose
 * upload got no answer, waits in the browser's queue (upload-queue.ts) until the browser is back
 * online (also after a reload).
 */
export function useActivityUploads() {
  const [tasks, setTasks] = useState<UploadTask[]>([]);
  const utils = trpc.useUtils();
  const userId = useMe().me.data?.id;
  // read when a file is queued, which may be after the drop: a drop can come before the profile
  const owner = useRef(userId);
  useEffect(() => {
    owner.current = userId;
  }, [userId]);
  const online = useOnline();
  const flushing = useRef(false);
  const pending = useRef<UploadTask[]>([]);
  const workers = useRef(0);
  const pausedUntil = useRef(0);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const patch = useCallback((key: string, change: Partial<UploadTask>) => setTasks((all) => all.map((t) => (t.key === key ? { ...t, ...change } : t))), []);

  const listChanged = useCallback(() => {
    if (refreshTimer.current) clearTimeout(refreshTimer.current);
    refreshTimer.current = setTimeout(() => void refreshQuery(utils.activities.list), LIST_REFRESH_MS);
  }, [utils.activities.list]);

  const sendOne = useCallback(
    async ({ key, file }: UploadTask) => {
      for (let waits = 0; ; waits++) {
        const wait = pausedUntil.current - nowMs();
        if (wait > 0) await sleep(wait);
        patch(key, { state: 'uploading', progress: 0, outcome: null, waitSeconds: null });
        const outcome = await uploadActivityFile(file, key, (progress) => patch(key, { progress }));
        if (!outcome.ok && (outcome.problem.status === 429 || outcome.problem.status === 503) && waits < MAX_WAITS) {
          // the whole queue waits: every file would meet the same limit
          const seconds = outcome.retryAfter ?? DEFAULT_WAIT_S;
          pausedUntil.current = Math.max(pausedUntil.current, nowMs() + seconds * 1000);
          patch(key, { state: 'waiting', progress: 0, waitSeconds: seconds });
          continue;
        }
        const ownerId = owner.current;
        if (!outcome.ok && outcome.unreachable && ownerId !== undefined) {
          await enqueueUpload({ key, userId: ownerId, file, queuedAt: nowMs() });
          patch(key, { state: 'queued', progress: 0 });
          return;
        }
        await removeQueuedUpload(key);
        const duplicate = outcome.ok && outcome.activities.length > 0 && outcome.activities.every((a) => a.duplicate_of);
        patch(key, { progress: 1, outcome, state: !outcome.ok ? 'failed' : duplicate ? 'duplicate' : 'done' });
        if (outcome.ok) listChanged();
        return;
      }
    },
    [listChanged, patch],
  );

  const start = useCallback(
    (added: UploadTask[]) => {
      pending.current.push(...added);
      while (workers.current < PARALLEL_UPLOADS && pending.current.length) {
        workers.current++;
        void (async () => {
          try {
            for (let task = pending.current.shift(); task; task = pending.current.shift()) await sendOne(task);
          } finally {
            workers.current--;
          }
        })();
      }
    },
    [sendOne],
  );

  /** Sends the files waiting in the browser's queue (this page's and those of earlier visits). */
  const flush = useCallback(async () => {
    if (flushing.current || userId === undefined || !navigator.onLine) return;
    flushing.current = true;
    try {
      const waiting = await listQueuedUploads(userId);
      const waitingTasks: UploadTask[] = waiting.map(({ key, file }) => ({ key, file, progress: 0, outcome: null, state: 'waiting', waitSeconds: null }));
      setTasks((all) => [
        ...all.map((t) => (waitingTasks.some((w) => w.key === t.key) ? { ...t, state: 'waiting' as const } : t)),
        ...waitingTasks.filter((w) => !all.some((t) => t.key === w.key)),
      ]);
      start(waitingTasks.filter((w) => !pending.current.some((p) => p.key === w.key)));
    } finally {
      flushing.current = false;
    }
  }, [start, userId]);

  useEffect(() => {
    if (online) void flush();
  }, [online, flush]);

  const add = useCallback(
    async (files: File[]) => {
      if (!files.length) return;
      const added: UploadTask[] = files.map((file) => ({ key: newIdempotencyKey(), file, progress: 0, outcome: null, state: 'waiting', waitSeconds: null }));
      // in the order dropped: the queue reads top to bottom
      setTasks((all) => [...all, ...added]);
      const ownerId = owner.current;
      if (navigator.onLine || ownerId === undefined) return start(added);
      await Promise.all(added.map(({ key, file }) => enqueueUpload({ key, userId: ownerId, file, queuedAt: nowMs() })));
      for (const { key } of added) patch(key, { state: 'queued' });
    },
    [patch, start],
  );

  /** Sends the refused files again under their keys: a refusal stored nothing under a key, so nothing is stored twice. */
  const retryFailed = useCallback(() => {
    const failed = tasks.filter((t) => t.state === 'failed');
    for (const t of failed) patch(t.key, { state: 'waiting', progress: 0, outcome: null });
    start(failed.map((t) => ({ ...t, state: 'waiting' })));
  }, [patch, start, tasks]);

  const clearFinished = useCallback(() => setTasks((all) => all.filter((t) => t.state !== 'done' && t.state !== 'duplicate')), []);

  return { tasks, add, retryFailed, clearFinished };
}
