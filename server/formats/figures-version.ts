/**
 * CONTRACT: Real history and hand-made activities: "Changing any of these rules bumps the
 * algorithm version of what it touches". The version of what the parsers and finalize.ts make of
 * a file: its figures, laps and streams. Raising it re-parses the kept original of every stored
 * activity made by an older one (the figures_backfill job), and its efforts, load, route and tiles follow.
 * 1: before versions were kept. 2: glitches, moving time over 20 s windows, smoothed satellite
 * altitude, FIT distance 0, the device timer without positions, FIT `hr` messages merged, laps' distance
 * without glitches, max speed never from a lost fix's catch-up (issue 48). 3: a run's moving time is its
 * device timer; satellite distance holds a position within GPS_JITTER_M of the last counted one.
 */
export const FIGURES_ALGORITHM_VERSION = 3;
