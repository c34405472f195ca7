// Pure reading of a Strava bulk export: the archive (zip or folder), its manifest and its photos.
export type { ArchiveItem, ArchiveRefusal, ExportArchive } from './archive-contents';
export { openExportArchive } from './export-archive';
export { ArchiveItemError, ArchiveRefused } from './archive-refused';
export { DEFAULT_ARCHIVE_LIMITS, type ArchiveLimits } from './limits';
export { baseName, MANIFEST_HEADERS, parseManifest, type Manifest, type ManifestFigures, type ManifestRow } from './manifest';
export { parseActivityDate } from './activity-date';
export { checkImage, type CheckedImage, type ImageKind } from './image-check';
