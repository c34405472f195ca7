import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_TYPES,
  activityFamily,
  activityTypeFromFit,
  activityTypeFromStrava,
  activityTypeFromText,
  declaredActivityType,
  declaredFitActivityType,
  isActivityType,
  type ActivityType,
} from './activity-types';
import { refineActivityType } from './finalize';

describe('activity types (CONTRACT "Activities": one table for FIT, GPX/TCX and Strava)', () => {
  it('lists every CONTRACT wire value once, with workout as the fallback', () => {
    const contract = [
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
      'lap_swim',
      'open_water_swim',
      'walk',
      'hike',
      'rowing',
      'alpine_ski',
      'nordic_ski',
      'snowboard',
      'strength',
      'yoga',
      'workout',
    ];
    for (const value of contract) expect(ACTIVITY_TYPES).toContain(value);
    expect(new Set(ACTIVITY_TYPES).size).toBe(ACTIVITY_TYPES.length);
    expect(ACTIVITY_TYPES.every((t) => /^[a-z_]+$/.test(t))).toBe(true);
  });

  it('maps FIT sport/sub_sport in either naming (fit-file-parser snake_case, Garmin SDK camelCase)', () => {
    expect(activityTypeFromFit('cycling', 'indoor_cycling')).toBe('indoor_ride');
    expect(activityTypeFromFit('cycling', 'virtualActivity')).toBe('virtual_ride');
    expect(activityTypeFromFit('running', 'treadmill')).toBe('treadmill');
    expect(activityTypeFromFit('running', 'trail')).toBe('trail_run');
    expect(activityTypeFromFit('swimming', 'lapSwimming')).toBe('lap_swim');
    expect(activityTypeFromFit('swimming', 'open_water')).toBe('open_water_swim');
    expect(activityTypeFromFit('cycling', 'gravel_cycling')).toBe('gravel_ride');
    expect(activityTypeFromFit('training', 'strength_training')).toBe('strength');
    expect(activityTypeFromFit('walking', 'generic')).toBe('walk');
    expect(activityTypeFromFit('generic', null)).toBe('workout');
    expect(activityTypeFromFit('e_biking', null)).toBe('e_bike_ride');
  });

  it('maps GPX/TCX text and Strava sport_type', () => {
    expect(activityTypeFromText('running')).toBe('run');
    expect(activityTypeFromText('Biking')).toBe('ride');
    expect(activityTypeFromText('Other')).toBe('workout');
    expect(activityTypeFromText(null)).toBe('workout');
    expect(activityTypeFromStrava('TrailRun')).toBe('trail_run');
    expect(activityTypeFromStrava('MountainBikeRide')).toBe('mtb_ride');
    expect(activityTypeFromStrava('StandUpPaddling')).toBe('stand_up_paddling');
    expect(activityTypeFromStrava('Weight Training')).toBe('strength');
    expect(activityTypeFromStrava('VirtualRide')).toBe('virtual_ride');
    expect(activityTypeFromStrava('Pickleball')).toBe('workout');
    expect(isActivityType('ride')).toBe(true);
    expect(isActivityType('Ride')).toBe(false);
  });

  it('reads every wire value back as itself (our own GPX export writes it as <type>)', () => {
    for (const type of ACTIVITY_TYPES) expect(declaredActivityType(type), type).toBe(type);
  });

  it("maps Strava's numeric GPX <type> codes (1 = ride, 9 = run)", () => {
    expect(activityTypeFromText('1')).toBe('ride');
    expect(activityTypeFromText('9')).toBe('run');
    expect(activityTypeFromText(' 4 ')).toBe('hike');
    expect(activityTypeFromText('10')).toBe('walk');
    expect(activityTypeFromText('16')).toBe('swim');
    expect(activityTypeFromText('17')).toBe('virtual_ride');
    expect(activityTypeFromText('30')).toBe('strength');
    expect(activityTypeFromText('53')).toBe('virtual_run');
    expect(declaredActivityType('20')).toBeNull();
    expect(declaredActivityType('1.5')).toBeNull();
  });

  it('says "not stated" (null) for silence, TCX "Other", FIT "generic" and unknown words, not for "workout"', () => {
    for (const text of [null, '', 'Other', 'generic', 'Sonstiges']) expect(declaredActivityType(text), String(text)).toBeNull();
    expect(declaredFitActivityType('generic', null)).toBeNull();
    expect(declaredFitActivityType('generic', 'generic')).toBeNull();
    expect(declaredActivityType('Workout')).toBe('workout');
    expect(declaredFitActivityType('training', null)).toBe('workout');
  });

  it('groups types into the families a person names (ride, run, swim, walk/hike)', () => {
    const families = (types: ActivityType[]) => types.map(activityFamily);
    expect(families(['gravel_ride', 'virtual_ride', 'indoor_ride', 'e_mtb_ride'])).toEqual(['ride', 'ride', 'ride', 'ride']);
    expect(families(['trail_run', 'treadmill'])).toEqual(['run', 'run']);
    expect(families(['lap_swim', 'open_water_swim'])).toEqual(['swim', 'swim']);
    expect(activityFamily('walk')).toBe(activityFamily('hike'));
    expect(activityFamily('yoga')).toBe('yoga');
  });

  it('an indoor ride with GPS is virtual; a ride without any position is indoor', () => {
    expect(refineActivityType('indoor_ride', true)).toBe('virtual_ride');
    expect(refineActivityType('ride', false)).toBe('indoor_ride');
    expect(refineActivityType('run', false)).toBe('run');
  });
});
