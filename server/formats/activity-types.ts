// The one table that maps every source's sport vocabulary onto the CONTRACT `activity_type` wire
// values: FIT sport/sub_sport, GPX <type> and TCX Sport text, and Strava `sport_type` (and the
// older `type` / "Activity Type" column of a bulk export). Keys are normalized (lowercase, letters
// and digits only) so "lap_swimming", "lapSwimming" and "Lap Swimming" are the same key.

/** CONTRACT: Activities wire values, plus a few more the sources need. `workout` is the fallback. */
export const ACTIVITY_TYPES = [
  'run',
  'trail_run',
  'virtual_run',
  'track_run',
  'treadmill',
  'ride',
  'gravel_ride',
  'mtb_ride',
  'virtual_ride',
  'indoor_ride',
  'e_bike_ride',
  'e_mtb_ride',
  'lap_swim',
  'open_water_swim',
  'swim',
  'walk',
  'hike',
  'rowing',
  'alpine_ski',
  'nordic_ski',
  'backcountry_ski',
  'snowboard',
  'snowshoe',
  'strength',
  'yoga',
  'elliptical',
  'stair_stepper',
  'stand_up_paddling',
  'kayaking',
  'canoeing',
  'surfing',
  'kitesurf',
  'windsurf',
  'sailing',
  'ice_skate',
  'inline_skate',
  'rock_climbing',
  'golf',
  'workout',
] as const;

export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const FALLBACK_ACTIVITY_TYPE: ActivityType = 'workout';

const normalize = (value: string): string => value.toLowerCase().replace(/[^a-z0-9]/g, '');

/** FIT sub_sport decides first when it is specific (treadmill, trail, gravel_cycling …). */
const FIT_SUB_SPORT: Record<string, Record<string, ActivityType>> = {
  running: { trail: 'trail_run', track: 'track_run', treadmill: 'treadmill', indoorrunning: 'treadmill', virtualactivity: 'virtual_run' },
  cycling: {
    mountain: 'mtb_ride',
    downhill: 'mtb_ride',
    cyclocross: 'gravel_ride',
    gravelcycling: 'gravel_ride',
    indoorcycling: 'indoor_ride',
    spin: 'indoor_ride',
    virtualactivity: 'virtual_ride',
    ebikemountain: 'e_mtb_ride',
    ebikefitness: 'e_bike_ride',
  },
  ebiking: { ebikemountain: 'e_mtb_ride' },
  swimming: { lapswimming: 'lap_swim', openwater: 'open_water_swim' },
  fitnessequipment: {
    treadmill: 'treadmill',
    indoorcycling: 'indoor_ride',
    spin: 'indoor_ride',
    elliptical: 'elliptical',
    indoorrowing: 'rowing',
    stairclimbing: 'stair_stepper',
    strengthtraining: 'strength',
    yoga: 'yoga',
  },
  training: { strengthtraining: 'strength', yoga: 'yoga', pilates: 'yoga', flexibilitytraining: 'yoga' },
  crosscountryskiing: { skateskiing: 'nordic_ski', backcountry: 'backcountry_ski' },
  alpineskiing: { backcountry: 'backcountry_ski' },
  rowing: { indoorrowing: 'rowing' },
  walking: { indoorwalking: 'walk' },
};

/** Words used by FIT sport names, TCX Sport, GPX <type> and Strava sport_type / type. */
const TEXT: Record<string, ActivityType> = {
  // running
  run: 'run',
  running: 'run',
  street: 'run',
  trailrun: 'trail_run',
  trailrunning: 'trail_run',
  virtualrun: 'virtual_run',
  trackrun: 'track_run',
  treadmill: 'treadmill',
  treadmillrunning: 'treadmill',
  // cycling
  ride: 'ride',
  cycling: 'ride',
  biking: 'ride',
  bike: 'ride',
  roadbiking: 'ride',
  roadcycling: 'ride',
  gravelride: 'gravel_ride',
  gravelcycling: 'gravel_ride',
  mountainbikeride: 'mtb_ride',
  mountainbiking: 'mtb_ride',
  mtb: 'mtb_ride',
  mtbride: 'mtb_ride',
  emtbride: 'e_mtb_ride',
  virtualride: 'virtual_ride',
  indoorcycling: 'indoor_ride',
  indoorride: 'indoor_ride',
  ebikeride: 'e_bike_ride',
  ebiking: 'e_bike_ride',
  emountainbikeride: 'e_mtb_ride',
  handcycle: 'ride',
  velomobile: 'ride',
  // water
  swim: 'swim',
  swimming: 'swim',
  lapswimming: 'lap_swim',
  openwaterswimming: 'open_water_swim',
  lapswim: 'lap_swim',
  openwaterswim: 'open_water_swim',
  rowing: 'rowing',
  row: 'rowing',
  virtualrow: 'rowing',
  indoorrowing: 'rowing',
  standuppaddling: 'stand_up_paddling',
  standuppaddleboarding: 'stand_up_paddling',
  sup: 'stand_up_paddling',
  kayaking: 'kayaking',
  canoeing: 'canoeing',
  paddling: 'kayaking',
  surfing: 'surfing',
  kitesurf: 'kitesurf',
  kitesurfing: 'kitesurf',
  windsurf: 'windsurf',
  windsurfing: 'windsurf',
  sail: 'sailing',
  sailing: 'sailing',
  // foot
  walk: 'walk',
  walking: 'walk',
  hike: 'hike',
  hiking: 'hike',
  mountaineering: 'hike',
  snowshoe: 'snowshoe',
  snowshoeing: 'snowshoe',
  // snow and wheels
  alpineski: 'alpine_ski',
  alpineskiing: 'alpine_ski',
  nordicski: 'nordic_ski',
  crosscountryskiing: 'nordic_ski',
  backcountryski: 'backcountry_ski',
  rollerski: 'nordic_ski',
  snowboard: 'snowboard',
  snowboarding: 'snowboard',
  iceskate: 'ice_skate',
  iceskating: 'ice_skate',
  inlineskate: 'inline_skate',
  inlineskating: 'inline_skate',
  // gym
  weighttraining: 'strength',
  strengthtraining: 'strength',
  strength: 'strength',
  crossfit: 'workout',
  yoga: 'yoga',
  pilates: 'yoga',
  elliptical: 'elliptical',
  stairstepper: 'stair_stepper',
  highintensityintervaltraining: 'workout',
  workout: 'workout',
  training: 'workout',
  rockclimbing: 'rock_climbing',
  golf: 'golf',
};

/**
 * Strava's numeric GPX <type> codes: the Strava app and the web's "Export GPX" write the sport as
 * a number (`<type>9</type>` under a "Morning Run"). Strava does not document them. Sources:
 * 1 and 9 were checked against a real 2018 Strava export (74 rides all 1, 41 runs all 9);
 * 4, 10 and 16 are also what stravaweblib (pR0Ps/stravaweblib, `_gpx_type_from_strava`) writes for
 * Hike, Walk and Swim; the full list is the answer to Stack Overflow question 61903437 ("What do
 * the Strava GPX <type> elements mean"), the values of Strava's activity-type select, as reproduced
 * in StravaGPXReaderLib's GPXReader.cs. 20 and 32–50 are unused there.
 */
const STRAVA_GPX_TYPE: Record<string, ActivityType> = {
  1: 'ride',
  2: 'alpine_ski',
  3: 'backcountry_ski',
  4: 'hike',
  5: 'ice_skate',
  6: 'inline_skate',
  7: 'nordic_ski',
  8: 'nordic_ski' /* RollerSki */,
  9: 'run',
  10: 'walk',
  11: 'workout',
  12: 'snowboard',
  13: 'snowshoe',
  14: 'kitesurf',
  15: 'windsurf',
  16: 'swim',
  17: 'virtual_ride',
  18: 'e_bike_ride',
  19: 'ride' /* Velomobile */,
  21: 'canoeing',
  22: 'kayaking',
  23: 'rowing',
  24: 'stand_up_paddling',
  25: 'surfing',
  26: 'workout' /* Crossfit */,
  27: 'elliptical',
  28: 'rock_climbing',
  29: 'stair_stepper',
  30: 'strength' /* Weight Training */,
  31: 'yoga',
  51: 'ride' /* Handcycle */,
  52: 'workout' /* Wheelchair */,
  53: 'virtual_run',
};

/**
 * What a GPX <type>, TCX Sport or other sport text says, or null when it names no sport we know:
 * absent, "Other" (TCX), "generic" (FIT) or an unknown word. Null is where inference starts
 * (`infer/`); a text that names "workout" or "training" is a statement and stays.
 */
export function declaredActivityType(text: string | null | undefined): ActivityType | null {
  if (!text) return null;
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return STRAVA_GPX_TYPE[String(Number(trimmed))] ?? null;
  return TEXT[normalize(trimmed)] ?? null;
}

/** GPX <type>, TCX Sport ("Running", "Biking", "Other") or any free text naming a sport. */
export function activityTypeFromText(text: string | null | undefined): ActivityType {
  return declaredActivityType(text) ?? FALLBACK_ACTIVITY_TYPE;
}

/** Strava `sport_type` (e.g. "TrailRun") or legacy `type` / CSV "Activity Type" ("Weight Training"). */
export function activityTypeFromStrava(sportType: string | null | undefined): ActivityType {
  return activityTypeFromText(sportType);
}

/** FIT session sport and sub_sport as names ("cycling", "indoor_cycling"); null for "generic". */
export function declaredFitActivityType(sport: string | null | undefined, subSport?: string | null): ActivityType | null {
  const sportKey = sport ? normalize(sport) : '';
  const subKey = subSport ? normalize(subSport) : '';
  return FIT_SUB_SPORT[sportKey]?.[subKey] ?? TEXT[sportKey] ?? null;
}

/** FIT session sport and sub_sport, as names ("cycling", "indoor_cycling") in any casing. */
export function activityTypeFromFit(sport: string | null | undefined, subSport?: string | null): ActivityType {
  return declaredFitActivityType(sport, subSport) ?? FALLBACK_ACTIVITY_TYPE;
}

/** Where an activity's type came from (a field the record adds to the spec). */
export const ACTIVITY_TYPE_SOURCES = ['file', 'inferred', 'user'] as const;
export type ActivityTypeSource = (typeof ACTIVITY_TYPE_SOURCES)[number];

/** The sport families a person would name (ride, run, swim, walk/hike); others stand alone. */
export type ActivityFamily = 'ride' | 'run' | 'swim' | 'foot' | ActivityType;

const FAMILY: Partial<Record<ActivityType, ActivityFamily>> = {
  ride: 'ride',
  gravel_ride: 'ride',
  mtb_ride: 'ride',
  virtual_ride: 'ride',
  indoor_ride: 'ride',
  e_bike_ride: 'ride',
  e_mtb_ride: 'ride',
  run: 'run',
  trail_run: 'run',
  virtual_run: 'run',
  track_run: 'run',
  treadmill: 'run',
  swim: 'swim',
  lap_swim: 'swim',
  open_water_swim: 'swim',
  walk: 'foot',
  hike: 'foot',
};

export const activityFamily = (type: ActivityType): ActivityFamily => FAMILY[type] ?? type;

export function isActivityType(value: unknown): value is ActivityType {
  return typeof value === 'string' && (ACTIVITY_TYPES as readonly string[]).includes(value);
}
