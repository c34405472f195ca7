import { ACTIVITY_TYPES, activityFamily, type ActivityType } from '@/server/formats/activity-types';

// CONTRACT: Beyond the spec … Best efforts and records: the families of `GET /records?type=`:
// run, ride, swim (activityFamily's), walk and hike each alone, and other for every other type.
// Ranks (pr_rank) are counted within the activity's family.

export const SPORT_FAMILIES = ['run', 'ride', 'swim', 'walk', 'hike', 'other'] as const;
export type SportFamily = (typeof SPORT_FAMILIES)[number];

export function sportFamily(type: string): SportFamily {
  const family = activityFamily(type as ActivityType);
  if (family === 'run' || family === 'ride' || family === 'swim') return family;
  if (type === 'walk' || type === 'hike') return type;
  return 'other';
}

/** The wire types of a family. */
export function familyTypes(family: SportFamily): ActivityType[] {
  return ACTIVITY_TYPES.filter((type) => sportFamily(type) === family);
}

/** `type=` of GET /records: a family name first (run = the run family), else one wire type. */
export function typesNamed(type: string): ActivityType[] {
  return (SPORT_FAMILIES as readonly string[]).includes(type) ? familyTypes(type as SportFamily) : [type as ActivityType];
}

/** Only the run family shows best efforts. */
export const showsBestEfforts = (type: string): boolean => sportFamily(type) === 'run';
