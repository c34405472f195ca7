import { useLocale, useTranslations } from 'next-intl';
import { generatedPartOfDay } from '@/server/services/activities/default-activity-name';
import { useSportName } from './sport-names';

/**
 * An activity's name as the web app shows it: one the service made from the start's part of day
 * and the sport ("Morning Run", stored so for REST clients and exports) in the person's language,
 * any other name as it was given (issue 50).
 */
export function useActivityName(): (name: string, type: string) => string {
  const t = useTranslations('generatedNames');
  const sportName = useSportName();
  const locale = useLocale();
  return (name, type) => {
    const part = locale === 'en' ? null : generatedPartOfDay(name, type);
    return part ? t('name', { part: part.toLowerCase(), sport: sportName(type) }) : name;
  };
}
