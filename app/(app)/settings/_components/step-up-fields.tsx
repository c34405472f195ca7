'use client';
import { useTranslations } from 'next-intl';
import { fieldError, type Problem } from '../../../_lib/problem';

/** spec: Authentication rule 7 step-up (API keys, account export): the password, and an MFA code when MFA is on. */
export function StepUpFields({ mfa, problem }: { mfa: boolean; problem: Problem | null }) {
  const t = useTranslations('settings.stepUp');
  return (
    <div className="form-row">
      <label className="field">
        <span>{t('password')}</span>
        <input name="current_password" type="password" autoComplete="current-password" aria-invalid={Boolean(fieldError(problem, 'current_password'))} />
      </label>
      {mfa ? (
        <label className="field">
          <span>{t('code')}</span>
          <input name="mfa_code" autoComplete="one-time-code" aria-invalid={Boolean(fieldError(problem, 'mfa_code'))} />
        </label>
      ) : null}
    </div>
  );
}

/** The step-up proof typed into StepUpFields. */
export function stepUpProofFrom(form: FormData, mfa: boolean) {
  return {
    current_password: String(form.get('current_password') ?? '') || undefined,
    mfa_code: mfa ? String(form.get('mfa_code') ?? '').trim() || undefined : undefined,
  };
}
