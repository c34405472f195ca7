// Caps that make a hostile file fail fast and in bounded memory (STYLE rule 7: caps are part of
// the parser). The upload cap itself is configuration (MAX_UPLOAD_BYTES, CONTRACT "Activities");
// the route passes it in, and the default here is the contract's default.

export const MIB = 1024 * 1024;

/** CONTRACT: default MAX_UPLOAD_BYTES is 50 MiB. */
export const DEFAULT_MAX_UPLOAD_BYTES = 50 * MIB;

/** CONTRACT: the inflated size of a .gz is at most 10 times the upload cap. */
export const INFLATE_FACTOR = 10;

/**
 * Points (FIT records, GPX trkpt, TCX Trackpoint) per file. 2,000,000 is ~23 days at 1 Hz, far
 * beyond any real recording, and keeps the decoded objects well under a gigabyte.
 */
export const MAX_POINTS = 2_000_000;

/** All FIT data messages (records, events, hrv, lengths …): records dominate real files. */
export const MAX_FIT_MESSAGES = 2 * MAX_POINTS;

/**
 * XML element nesting. The deepest real document we know (multisport TCX with extensions) is 12
 * levels; anything past 32 is crafted and would only cost stack and time.
 */
export const MAX_XML_DEPTH = 32;
