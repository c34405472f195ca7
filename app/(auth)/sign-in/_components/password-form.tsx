'use client';
import { useTranslations } from 'next-intl';
import { FormFooter } from '../../../_components/form-footer';
import { login } from '../../../_lib/auth-api';
import { useFormSubmit } from '../../../_lib/use-form-submit';

export function PasswordForm({ onMfaRequired }: { onMfaRequired: (username: string) => void }) {
  const t = useTranslations('signIn');
  const submit = useFormSubmit(async (form) => {
    const outcome = await login(String(form.get('username') ?? ''), String(form.get('password') ?? ''));
    if (outcome.kind === 'mfa') onMfaRequired(outcome.username);
  });

  return (
    <form className="stack" onSubmit={submit.onSubmit}>
      <label className="field">
        <span>{t('username')}</span>
        <input name="username" autoComplete="username" required autoFocus />
      </label>
      <label className="field">
        <span>{t('password')}</span>
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      <FormFooter submit={submit} label={t('submit')} pendingLabel={t('submitting')} />
    </form>
  );
}
