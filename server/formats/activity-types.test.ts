import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_TYPES, activityTypeFromFit, activityTypeFromStrava, activityTypeFromText, isActivityType,
} from './activity-types';
import { refineActivityType } from './finalize';

describe('activity types (CONTRACT "Activities": one table for FIT, GPX/TCX and Strava)', () => {
  it('lists every CONTRACT wire value once, with workout as the fallback', () => {
    const contract = ['run', 'trail_run', 'virtual_run', 'track_run', 'treadmill', 'ride', 'gravel_ride', 'mtb_ride',
      'virtual_ride', 'indoor_ride', 'e_bike_ride', 'lap_swim', 'open_water_swim', 'walk', 'hike', 'rowing',
      'alpine_ski', 'nordic_ski', 'snowboard', 'strength', 'yoga', 'workout'];
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

  it('an indoor ride with GPS is virtual; a ride without any position is indoor', () => {
    expect(refineActivityType('indoor_ride', true)).toBe('virtual_ride');
    expect(refineActivityType('ride', false)).toBe('indoor_ride');
    expect(refineActivityType('run', false)).toBe('run');
  });
});
