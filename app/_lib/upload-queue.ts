'use client';

// Files dropped while offline wait in IndexedDB (they outlive a reload or a closed tab) until the
// browser is back online. Each keeps the Idempotency-Key it was given when dropped, so sending it
// again after a lost answer replays the first upload instead of storing the file twice
// (CONTRACT: Activities, Idempotency-Key).

export interface QueuedUpload {
  /** also the upload's Idempotency-Key */
  key: string;
  /** whose file it is: another account signed in on this browser never sends it */
  userId: number;
  file: File;
  queuedAt: number;
}

const DATABASE = 'stride-upload-queue';
const STORE = 'uploads';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function openQueue(): Promise<IDBDatabase> {
  const opening = indexedDB.open(DATABASE, 1);
  opening.onupgradeneeded = () => opening.result.createObjectStore(STORE, { keyPath: 'key' });
  return request(opening);
}

async function inStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openQueue();
  try {
    return await request(work(db.transaction(STORE, mode).objectStore(STORE)));
  } finally {
    db.close();
  }
}

/** A new Idempotency-Key: 32 hex digits (getRandomValues also works outside secure contexts). */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export async function enqueueUpload(upload: QueuedUpload): Promise<void> {
  await inStore('readwrite', (store) => store.put(upload));
}

/** The user's waiting files, oldest first. */
export async function listQueuedUploads(userId: number): Promise<QueuedUpload[]> {
  const all = (await inStore('readonly', (store) => store.getAll())) as QueuedUpload[];
  return all.filter((upload) => upload.userId === userId).sort((a, b) => a.queuedAt - b.queuedAt);
}

export async function removeQueuedUpload(key: string): Promise<void> {
  await inStore('readwrite', (store) => store.delete(key));
}

/** Every waiting file, of every account: on sign-out nothing of the signed-out user stays in the browser. */
export async function clearUploadQueue(): Promise<void> {
  await inStore('readwrite', (store) => store.clear());
}
