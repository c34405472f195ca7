import { MIB } from '../limits';

// Caps that keep a hostile archive (zip bomb, overlapping entries, millions of tiny files) from
// costing more than bounded memory and time (STYLE rule 7). A real Strava export of ten years
// holds a few thousand activities and photos, each well under these.

export interface ArchiveLimits {
  /** entries in the archive (files and folders); more refuses the whole archive */
  maxEntries: number;
  /** bytes one entry may inflate to; a larger one is refused as an item */
  maxEntryBytes: number;
  /** inflated size over stored size past which a large entry is taken for a bomb */
  maxInflateRatio: number;
  /** the sum of the declared inflated sizes; more refuses the whole archive */
  maxTotalBytes: number;
}

export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = {
  maxEntries: 100_000,
  maxEntryBytes: 64 * MIB,
  maxInflateRatio: 200,
  maxTotalBytes: 32 * 1024 * MIB,
};

/** Entries smaller than this are never taken for a bomb, whatever their ratio (a blank CSV). */
export const RATIO_FLOOR_BYTES = MIB;
