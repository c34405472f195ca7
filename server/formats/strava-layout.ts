import type { ActivityType } from './activity-types';

// What Strava's bulk export writes, for the archive we write in its layout (CONTRACT: Account export). Pure.

/**
 * spec: Provider export files: `Activity Date` is "Oct 21, 2023, 8:13:28 AM", compared as UTC.
 * Written by hand: Intl's en-US output puts a narrow no-break space before AM/PM on newer ICU.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export function stravaActivityDate(when: Date): string {
  const h = when.getUTCHours();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${MONTHS[when.getUTCMonth()]} ${when.getUTCDate()}, ${when.getUTCFullYear()}, ${h % 12 || 12}:${pad(when.getUTCMinutes())}:${pad(when.getUTCSeconds())} ${h < 12 ? 'AM' : 'PM'}`;
}

/**
 * Our wire types as Strava's "Activity Type" names. Where Strava has no finer name we write one
 * that activityTypeFromStrava reads back as the same type (tested for every type), so even an
 * archive without stride.json keeps the sport.
 */
export const STRAVA_ACTIVITY_TYPE_NAMES: Record<ActivityType, string> = {
  run: 'Run',
  trail_run: 'Trail Run',
  virtual_run: 'Virtual Run',
  track_run: 'Track Run',
  treadmill: 'Treadmill',
  ride: 'Ride',
  gravel_ride: 'Gravel Ride',
  mtb_ride: 'Mountain Bike Ride',
  virtual_ride: 'Virtual Ride',
  indoor_ride: 'Indoor Ride',
  e_bike_ride: 'E-Bike Ride',
  e_mtb_ride: 'E-Mountain Bike Ride',
  lap_swim: 'Lap Swim',
  open_water_swim: 'Open Water Swim',
  swim: 'Swim',
  walk: 'Walk',
  hike: 'Hike',
  rowing: 'Rowing',
  alpine_ski: 'Alpine Ski',
  nordic_ski: 'Nordic Ski',
  backcountry_ski: 'Backcountry Ski',
  snowboard: 'Snowboard',
  snowshoe: 'Snowshoe',
  strength: 'Weight Training',
  yoga: 'Yoga',
  elliptical: 'Elliptical',
  stair_stepper: 'StairStepper',
  stand_up_paddling: 'Stand Up Paddling',
  kayaking: 'Kayaking',
  canoeing: 'Canoeing',
  surfing: 'Surfing',
  kitesurf: 'Kitesurf',
  windsurf: 'Windsurf',
  sailing: 'Sail',
  ice_skate: 'Ice Skate',
  inline_skate: 'Inline Skate',
  rock_climbing: 'Rock Climbing',
  golf: 'Golf',
  workout: 'Workout',
};
