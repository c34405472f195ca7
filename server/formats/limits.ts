// Caps that make a hostile file fail fast and in bounded memory (STYLE rule 7: caps are part of
// the parser). The upload cap itself is configuration (MAX_UPLOAD_BYTES, CONTRACT: Activities);
// the route passes it in, and the default here is the contract's default.

export const MIB = 1024 * 1024;

/** CONTRACT: default MAX_UPLOAD_BYTES is 50 MiB. */
export const DEFAULT_MAX_UPLOAD_BYTES = 50 * MIB;

/** A cap as a refusal names it: whole MiB, else bytes. */
export function formatBytes(bytes: number): string {
  const mib = bytes / MIB;
  return Number.isInteger(mib) ? `${mib} MiB` : `${bytes} bytes`;
}

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

/**
 * XML elements (every `<` that opens a tag, comments and PIs included) per GPX/TCX document,
 * counted in one pass before the tree is built. A TCX trackpoint with position, altitude,
 * distance, HR, cadence, speed and power is ~14 elements, so this is ~350,000 such points (four
 * days at 1 Hz) and the largest corpus file uses a fraction of it; 60 MB of empty siblings
 * (15 million `<a/>`) is refused in milliseconds instead of parsed for half a minute.
 */
export const MAX_XML_ELEMENTS = 5_000_000;

/**
 * Characters of one XML tag from `<` to `>`, which bounds every attribute value. The longest real
 * tag is a GPX root with its namespace and schema-location declarations (~1,000 characters).
 */
export const MAX_XML_TAG_CHARS = 8 * 1024;

/** FIT sessions per file: a triathlon has 5 (with transitions); swimrun races a few dozen. */
export const MAX_FIT_SESSIONS = 100;

/** FIT laps per file: a 1 km auto-lap over a 24 h ultra is ~200; interval drills a few hundred. */
export const MAX_FIT_LAPS = 10_000;

/** Activity names read from a file are cut to this many characters (not refused). */
export const MAX_NAME_CHARS = 255;

/** Device maker/model and sport strings read from a file are cut to this many characters. */
export const MAX_DEVICE_CHARS = 100;

/**
 * Wall time one parse may take in a pool worker (server/formats/pool). The largest legitimate
 * input (a 50 MiB TCX) parses in half of it on this machine's slowest core (bench/README.md); past the budget the
 * file is "too large or too complex to read" (CONTRACT) and the worker is replaced.
 */
export const PARSE_TIME_BUDGET_MS = 20_000;

/** Old-generation heap of one parse worker (worker_threads resourceLimits). */
export const PARSE_HEAP_MB = 1024;

/**
 * Semi-space of one parse worker's young generation: a parse keeps what it allocates until the
 * file is done, so in `npm start`'s 2 MB it was copied and promoted scavenge after scavenge.
 * A larger one imports faster; 16 MB took the server past its 512 MB target importing the 1 GB
 * archive, 8 MB stays under it (bench/import/server.ts, figures in bench/README.md).
 */
export const PARSE_SEMI_SPACE_MB = 8;
