'use client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useOnline } from '../../../_components/offline-status';
import { refreshQuery } from '../../../_lib/refresh-query';
import { trpc } from '../../../_lib/trpc';
import { enqueueUpload, listQueuedUploads, newIdempotencyKey, removeQueuedUpload } from '../../../_lib/upload-queue';
import { uploadActivityFile } from '../../../_lib/upload-file';
import { useMe } from '../../../_lib/use-me';
import type { UploadTask } from './upload-item';

const PARALLEL = 2;

/**
 * The dropzone's uploads. Each file gets an Idempotency-Key when dropped; a file dropped offline,
 * or whose upload got no answer, waits in the browser's queue (upload-queue.ts) and is sent again
 * with the same key when the browser is back online (also after a reload), so it is stored once.
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

  const patch = useCallback((key: string, change: Partial<UploadTask>) => setTasks((all) => all.map((t) => (t.key === key ? { ...t, ...change } : t))), []);

  const upload = useCallback(
    async (tasksToSend: UploadTask[]) => {
      const queue = [...tasksToSend];
      const worker = async () => {
        for (let task = queue.shift(); task; task = queue.shift()) {
          const { key, file } = task;
          patch(key, { queued: false, progress: 0, outcome: null });
          const outcome = await uploadActivityFile(file, key, (progress) => patch(key, { progress }));
          const ownerId = owner.current;
          if (!outcome.ok && outcome.unreachable && ownerId !== undefined) {
            await enqueueUpload({ key, userId: ownerId, file, queuedAt: Date.now() });
            patch(key, { queued: true, progress: 0 });
            continue;
          }
          await removeQueuedUpload(key);
          patch(key, { progress: 1, outcome });
          if (outcome.ok) void refreshQuery(utils.activities.list);
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL, queue.length) }, worker));
    },
    [patch, utils.activities.list],
  );

  /** Sends the files waiting in the browser's queue (this page's and those of earlier visits). */
  const flush = useCallback(async () => {
    if (flushing.current || userId === undefined || !navigator.onLine) return;
    flushing.current = true;
    try {
      const waiting = await listQueuedUploads(userId);
      const waitingTasks = waiting.map(({ key, file }) => ({ key, file, progress: 0, outcome: null, queued: true }));
      setTasks((all) => [...waitingTasks.filter((w) => !all.some((t) => t.key === w.key)), ...all]);
      await upload(waitingTasks);
    } finally {
      flushing.current = false;
    }
  }, [upload, userId]);

  useEffect(() => {
    if (online) void flush();
  }, [online, flush]);

  const add = useCallback(
    async (files: File[]) => {
      if (!files.length) return;
      const added: UploadTask[] = files.map((file) => ({ key: newIdempotencyKey(), file, progress: 0, outcome: null, queued: false }));
      setTasks((all) => [...added, ...all]);
      const ownerId = owner.current;
      if (navigator.onLine || ownerId === undefined) return upload(added);
      await Promise.all(added.map(({ key, file }) => enqueueUpload({ key, userId: ownerId, file, queuedAt: Date.now() })));
      for (const { key } of added) patch(key, { queued: true });
    },
    [patch, upload],
  );

  return { tasks, add };
}
