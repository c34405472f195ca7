import { useTranslations } from 'next-intl';
import type { SportFamily } from '@/server/services/efforts/sport-families';
import { ACTIVITY_TYPES, activityTypeLabel } from './activity-types';

// The catalogue names every activity type (sports.<activity_type>) and sport family (sportFamilies.<family>).
export type SportKey = (typeof ACTIVITY_TYPES)[number];
export const isSportKey = (type: string): type is SportKey => (ACTIVITY_TYPES as readonly string[]).includes(type);

/** A sport's name in the user's language; a type the catalogue does not know reads as itself. */
export function useSportName(): (type: string) => string {
  const t = useTranslations('sports');
  return (type) => (isSportKey(type) ? t(type) : activityTypeLabel(type));
}

/** A sport family's name (the charts' legend and the records' tabs). */
export function useSportFamilyName(): (family: SportFamily) => string {
  const t = useTranslations('sportFamilies');
  return (family) => t(family);
}
