// Names inside an archive are data from the uploader. We never extract to disk, but a name that
// would escape a folder (zip slip), an absolute name, or an archive inside the archive is still
// refused and reported, so the job's errors show the archive is not a plain Strava export.

export type EntryName = { path: string } | { refused: string };

const NESTED_ARCHIVE = /\.(zip|jar|7z|rar|tar|tgz|tar\.gz|tar\.bz2|tar\.xz)$/i;

export function checkEntryName(raw: string): EntryName {
  if (raw.includes('\0')) return { refused: 'the name contains a NUL byte' };
  if (raw.includes('\\')) return { refused: 'the name contains a backslash (refused as a possible path escape)' };
  if (raw.startsWith('/') || /^[a-zA-Z]:/.test(raw)) return { refused: 'absolute paths are refused' };
  const segments = raw.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.includes('..')) return { refused: 'the name leaves the archive folder (zip slip)' };
  const path = segments.join('/');
  if (NESTED_ARCHIVE.test(path)) return { refused: 'archives inside the archive are not imported' };
  return { path };
}
