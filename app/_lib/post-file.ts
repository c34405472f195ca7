'use client';
import { refreshSession } from './auth-api';
import { ProblemError, problemFrom } from './problem';
import { authHeaders } from './session-store';

/**
 * POSTs one file as multipart field `file` to a REST route with the web session's headers; an
 * expired access token is refreshed once. Answers the JSON body, or throws the problem.
 */
export async function postFile<T>(path: string, file: File): Promise<T> {
  const send = () => {
    const form = new FormData();
    form.append('file', file, file.name);
    return fetch(`/api/v1${path}`, { method: 'POST', headers: authHeaders(), body: form, credentials: 'same-origin' });
  };
  let response = await send();
  if (response.status === 401 && (await refreshSession().catch(() => null))) response = await send();
  if (!response.ok) throw new ProblemError(await problemFrom(response));
  return (await response.json()) as T;
}
