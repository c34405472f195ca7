'use client';
import { ACTIVITY_TYPES } from '../_lib/activity-types';
import { useSportFamilyName, useSportName } from '../_lib/sport-names';
import { SPORT_FAMILIES } from '@/server/services/efforts/sport-families';

/** The `<option>`s of every activity type, named in the user's language (filters and the edit form). */
export function ActivityTypeOptions() {
  const sportName = useSportName();
  return ACTIVITY_TYPES.map((type) => (
    <option key={type} value={type}>
      {sportName(type)}
    </option>
  ));
}

/** The `<option>`s of every sport family (records, statistics). */
export function SportFamilyOptions() {
  const familyName = useSportFamilyName();
  return SPORT_FAMILIES.map((family) => (
    <option key={family} value={family}>
      {familyName(family)}
    </option>
  ));
}
