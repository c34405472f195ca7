import { useTranslations } from 'next-intl';
import type { SportFamily } from '@/server/services/efforts/sport-families';
import type en from '@/messages/en.json';
import { activityTypeLabel } from './activity-types';

type SportKey = keyof (typeof en)['sports'];

/** A sport's name in the user's language (catalogue sports.<activity_type>); an unknown type reads as itself. */
export function useSportName(): (type: string) => string {
  const t = useTranslations('sports');
  return (type) => (t.has(type as SportKey) ? t(type as SportKey) : activityTypeLabel(type));
}

/** A sport family's name (the charts' legend and the records' tabs). */
export function useSportFamilyName(): (family: SportFamily) => string {
  const t = useTranslations('sportFamilies');
  return (family) => t(family);
}
