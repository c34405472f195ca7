'use client';
import { useTranslations } from 'next-intl';
import { LOCALE_NAMES, LOCALES } from '@/i18n/locales';
import { updateProfileInput } from '@/server/services/users/schemas';
import { FormFooter } from '../../../_components/form-footer';
import { ProblemAlert } from '../../../_components/problem-alert';
import { SectionCard } from '../../../_components/section-card';
import { Skeleton } from '../../../_components/skeleton';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { useFormSubmit, validated } from '../../../_lib/use-form-submit';
import { useMe } from '../../../_lib/use-me';
import { TimezoneInput } from './timezone-input';

/**
 * Name, units, language and timezone, validated with the service's own schema before sending. The
 * maximum heart rate is entered once, in the thresholds (dated, and applied to zones at once); the
 * profile's `max_heart_rate` stays for REST clients and is left as it is (issue 50).
 */
export function ProfileForm() {
  const t = useTranslations('settings.profile');
  const common = useTranslations('common');
  const language = useTranslations('language');
  const { me } = useMe();
  const utils = trpc.useUtils();
  // the new profile reaches LocaleSync, which renders the app again in a newly chosen language
  const update = trpc.profile.update.useMutation({ onSuccess: (user) => utils.profile.me.setData(undefined, user) });
  const submit = useFormSubmit(async (form) => {
    await update.mutateAsync(
      validated(updateProfileInput, {
        name: String(form.get('name') ?? ''),
        preferred_units: form.get('preferred_units'),
        locale: form.get('locale') || null,
        timezone: String(form.get('timezone') ?? ''),
      }),
    );
  });

  if (me.error) return <ProblemAlert problem={problemOf(me.error)} />;
  return (
    <SectionCard title={t('title')}>
      {!me.data ? (
        <Skeleton lines={6} />
      ) : (
        <form className="stack form-grid" onSubmit={submit.onSubmit} key={me.data.id}>
          <label className="field">
            <span>{t('name')}</span>
            <input name="name" defaultValue={me.data.name} autoComplete="name" />
          </label>
          <fieldset className="field">
            <legend>{t('units')}</legend>
            <div className="row">
              <label className="choice">
                <input type="radio" name="preferred_units" value="metric" defaultChecked={me.data.preferred_units === 'metric'} /> {t('metric')}
              </label>
              <label className="choice">
                <input type="radio" name="preferred_units" value="imperial" defaultChecked={me.data.preferred_units === 'imperial'} /> {t('imperial')}
              </label>
            </div>
          </fieldset>
          <label className="field">
            <span>{language('label')}</span>
            <select name="locale" defaultValue={me.data.locale ?? ''} data-testid="profile-locale">
              <option value="">{language('browser')}</option>
              {LOCALES.map((locale) => (
                <option key={locale} value={locale} lang={locale}>
                  {LOCALE_NAMES[locale]}
                </option>
              ))}
            </select>
          </label>
          <TimezoneInput defaultValue={me.data.timezone ?? ''} invalid={Boolean(submit.fieldError('timezone'))} />
          <FormFooter submit={submit} label={t('save')} pendingLabel={common('saving')} doneText={common('saved')} />
        </form>
      )}
    </SectionCard>
  );
}
