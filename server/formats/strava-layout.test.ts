import { describe, expect, it } from 'vitest';
import { ACTIVITY_TYPES, activityTypeFromStrava } from './activity-types';
import { STRAVA_ACTIVITY_TYPE_NAMES, stravaActivityDate } from './strava-layout';

describe('Strava export layout', () => {
  it('spec "Provider export files": Activity Date reads like "Oct 21, 2023, 8:13:28 AM" in UTC', () => {
    expect(stravaActivityDate(new Date('2023-10-21T08:13:28Z'))).toBe('Oct 21, 2023, 8:13:28 AM');
    expect(stravaActivityDate(new Date('2024-02-03T00:05:09Z'))).toBe('Feb 3, 2024, 12:05:09 AM');
    expect(stravaActivityDate(new Date('2024-12-31T12:00:00Z'))).toBe('Dec 31, 2024, 12:00:00 PM');
    expect(stravaActivityDate(new Date('2024-07-04T23:59:59.900Z'))).toBe('Jul 4, 2024, 11:59:59 PM');
  });

  it('every activity type is written under a Strava name that reads back as the same type', () => {
    for (const type of ACTIVITY_TYPES) expect(activityTypeFromStrava(STRAVA_ACTIVITY_TYPE_NAMES[type])).toBe(type);
  });
});
