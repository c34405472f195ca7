// Node's defaults let a client hold a request open for 300 s and send its headers for
// 60 s. Headers are small and come at once; a body needs no longer than the largest upload we
// take (MAX_UPLOAD_BYTES) at a slow link's pace. A Strava export zip larger than that link moves
// in this time goes into the drop folder instead of through HTTP (README: Importing a Strava export).

/** A slow link: 2 Mbit/s upstream, a rural ADSL line or a poor mobile connection. */
export const SLOW_LINK_BYTES_PER_SECOND = 256 * 1024;
export const HEADERS_TIMEOUT_MS = 15_000;
const MIN_REQUEST_TIMEOUT_MS = 60_000;

export interface ServerTimeouts {
  headersTimeout: number;
  requestTimeout: number;
}

export function serverTimeouts(maxUploadBytes: number): ServerTimeouts {
  const upload = Math.ceil((maxUploadBytes / SLOW_LINK_BYTES_PER_SECOND) * 1000);
  return { headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: Math.max(MIN_REQUEST_TIMEOUT_MS, upload + HEADERS_TIMEOUT_MS) };
}
