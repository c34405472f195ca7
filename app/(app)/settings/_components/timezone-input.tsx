'use client';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';

/** Free text with the browser's IANA zones as suggestions; the service validates the value. */
export function TimezoneInput({ defaultValue, invalid }: { defaultValue: string; invalid: boolean }) {
  const t = useTranslations('settings.profile');
  const zones = useMemo(() => (typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []), []);
  const browserZone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);
  return (
    <label className="field">
      <span>{t('timezone')}</span>
      <input name="timezone" list="timezones" defaultValue={defaultValue || browserZone} spellCheck={false} aria-invalid={invalid} />
      <datalist id="timezones">
        {zones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
    </label>
  );
}
