import type { ExpectedVersion } from '@/server/services/activities/schemas';

// CONTRACT: Activities: ETag is the quoted version; If-Match missing is allowed, `*` always
// matches, anything else must name the current version (weak or strong form alike).

export function etagOf(version: number): string {
  return `"${version}"`;
}

/** -1 for a value that names no version at all: it can never match, so the update answers 412. */
export function expectedVersion(headers: Headers): ExpectedVersion {
  const raw = headers.get('if-match');
  if (raw === null || raw.trim() === '') return undefined;
  const candidates = raw.split(',').map((s) => s.trim());
  if (candidates.includes('*')) return '*';
  const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(candidates[0]!);
  return match ? Number(match[1]) : -1;
}
