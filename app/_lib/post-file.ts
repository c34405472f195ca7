'use client';
import { ProblemError } from './problem';
import { sendFile, sentProblem } from './upload-file';

/**
 * POSTs one file as multipart field `file` to a REST route with the web session's headers (an
 * expired access token is refreshed once, by sendFile). Answers the JSON body, or throws the problem.
 */
export async function postFile<T>(path: string, file: File): Promise<T> {
  const result = await sendFile(`/api/v1${path}`, file, () => undefined);
  if (result.status < 200 || result.status >= 300) throw new ProblemError(sentProblem(result, 'Upload'));
  return result.body as T;
}
