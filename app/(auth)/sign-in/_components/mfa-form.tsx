'use client';
import { useTranslations } from 'next-intl';
import { FormFooter } from '../../../_components/form-footer';
import { verifyMfa } from '../../../_lib/auth-api';
import { ProblemError, problemOf } from '../../../_lib/problem';
import { useFormSubmit } from '../../../_lib/use-form-submit';

/** spec: Authentication rule 5: the same field takes a 6-digit TOTP code or a one-time backup code (XXXX-XXXX). */
export function MfaForm({ username, onCancel }: { username: string; onCancel: () => void }) {
  const t = useTranslations('signIn');
  const common = useTranslations('common');
  const submit = useFormSubmit(async (form) => {
    try {
      await verifyMfa(username, String(form.get('mfa_code') ?? ''));
    } catch (error) {
      const found = problemOf(error);
      // the pending login expired (or was used up): the code alone cannot help any more
      if (found.status === 400 && /pending/i.test(found.detail)) throw new ProblemError({ ...found, detail: `${found.detail} ${t('mfaStartAgain')}` });
      throw error;
    }
  });

  return (
    <form className="stack" onSubmit={submit.onSubmit}>
      <h1>{t('mfaTitle')}</h1>
      <p className="muted">{t('mfaHint', { username })}</p>
      <label className="field">
        <span>{t('mfaCode')}</span>
        <input name="mfa_code" autoComplete="one-time-code" inputMode="text" spellCheck={false} maxLength={20} required autoFocus />
      </label>
      <FormFooter submit={submit} label={t('verify')} pendingLabel={t('verifying')}>
        <button type="button" onClick={onCancel}>
          {common('back')}
        </button>
      </FormFooter>
    </form>
  );
}
