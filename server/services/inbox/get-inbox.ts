import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { inboxFiles } from '@/db/schema';
import { env } from '@/server/env';
import { inboxFolder } from './inbox-folder';
import type { InboxResponse } from './schemas';

/** The caller's inbox path (created, so a sync tool can point at it) and its last 50 files with their outcome. */
export async function getInbox(db: Db, userId: number): Promise<InboxResponse> {
  const path = resolve(inboxFolder(userId));
  await mkdir(path, { recursive: true });
  const rows = await db.select().from(inboxFiles).where(eq(inboxFiles.userId, userId)).orderBy(desc(inboxFiles.createdAt), desc(inboxFiles.id)).limit(50);
  return {
    path,
    server_url: env().PUBLIC_URL,
    poll_seconds: env().INBOX_POLL_SECONDS,
    files: rows.map((r) => ({
      name: r.name,
      size: r.size,
      status: r.status,
      detail: r.detail,
      activity_ids: r.activityIds,
      seen_at: r.createdAt.toISOString(),
      finished_at: r.finishedAt?.toISOString() ?? null,
    })),
  };
}
