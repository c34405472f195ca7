'use client';
import { refreshSession } from './auth-api';
import type { Problem } from './problem';
import { authHeaders } from './session-store';

export interface UploadedActivity {
  id: number;
  name: string;
}

export type UploadOutcome = { ok: true; activities: UploadedActivity[] } | { ok: false; problem: Problem };

function send(file: File, onProgress: (fraction: number) => void): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/v1/activities/create/upload');
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => resolve({ status: 0, body: { detail: 'The upload was interrupted: the service could not be reached.' } });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/**
 * POST /activities/create/upload over XMLHttpRequest (fetch has no upload progress), with the
 * web session's Authorization, X-Client-Type and X-CSRF-Token. An expired access token is
 * refreshed once and the file sent again.
 */
export async function uploadActivityFile(file: File, onProgress: (fraction: number) => void): Promise<UploadOutcome> {
  let result = await send(file, onProgress);
  if (result.status === 401 && (await refreshSession().catch(() => null))) {
    onProgress(0);
    result = await send(file, onProgress);
  }
  if (result.status === 201 && Array.isArray(result.body)) return { ok: true, activities: result.body as UploadedActivity[] };
  const body = (result.body ?? {}) as Partial<Problem> & { title?: string };
  return { ok: false, problem: { ...body, status: result.status, detail: body.detail ?? body.title ?? `Upload failed (${result.status || 'network error'})` } };
}
