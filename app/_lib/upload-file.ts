'use client';
import { refreshSession } from './auth-api';
import type { Problem } from './problem';
import { authHeaders } from './session-store';

export interface UploadedActivity {
  id: number;
  name: string;
  /** the earlier activity this one duplicates (it was stored hidden) */
  duplicate_of?: { id: number; name: string } | null;
}

export type UploadOutcome =
  | { ok: true; activities: UploadedActivity[] }
  | {
      ok: false;
      unreachable: boolean;
      problem: Problem;
      /** seconds the service asked to wait (Retry-After of a 429 or 503) */
      retryAfter: number | null;
    };

interface Sent {
  status: number;
  body: unknown;
  retryAfter?: number | null;
}

function send(url: string, file: File, onProgress: (fraction: number) => void, headers: Record<string, string>): Promise<Sent> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries({ ...authHeaders(), ...headers })) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      const wait = Number(xhr.getResponseHeader('Retry-After'));
      resolve({ status: xhr.status, body, retryAfter: Number.isFinite(wait) && wait > 0 ? wait : null });
    };
    xhr.onerror = () => resolve({ status: 0, body: { detail: 'The upload was interrupted: the service could not be reached.' } });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/**
 * A multipart `file` POST over XMLHttpRequest (fetch has no upload progress), with the web
 * session's Authorization, X-Client-Type and X-CSRF-Token. An expired access token is refreshed
 * once and the file sent again.
 */
export async function sendFile(url: string, file: File, onProgress: (fraction: number) => void, headers: Record<string, string> = {}): Promise<Sent> {
  let result = await send(url, file, onProgress, headers);
  if (result.status === 401 && (await refreshSession().catch(() => null))) {
    onProgress(0);
    result = await send(url, file, onProgress, headers);
  }
  return result;
}

/** The problem document of a failed send, with a fallback detail. */
export function sentProblem(result: Sent, what: string): Problem {
  const body = (result.body ?? {}) as Partial<Problem> & { title?: string };
  return { ...body, status: result.status, detail: body.detail ?? body.title ?? `${what} failed (${result.status || 'network error'})` };
}

/**
 * POST /activities/create/upload with the file's Idempotency-Key (a retry of the same file never
 * stores it twice). `unreachable`: no answer came (offline, or the connection broke).
 */
export async function uploadActivityFile(file: File, idempotencyKey: string, onProgress: (fraction: number) => void): Promise<UploadOutcome> {
  const result = await sendFile('/api/v1/activities/create/upload', file, onProgress, { 'Idempotency-Key': idempotencyKey });
  if (result.status === 201 && Array.isArray(result.body)) return { ok: true, activities: result.body as UploadedActivity[] };
  return { ok: false, unreachable: result.status === 0, problem: sentProblem(result, 'Upload'), retryAfter: result.retryAfter ?? null };
}
