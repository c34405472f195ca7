'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { FormFooter } from '../../../_components/form-footer';
import { trpc } from '../../../_lib/trpc';
import { textOrNull, useFormSubmit } from '../../../_lib/use-form-submit';
import { refreshQuery } from '../../../_lib/refresh-query';

/** CONTRACT: turning MFA off needs a current code (or backup code) or the current password. */
export function MfaDisableForm() {
  const t = useTranslations('settings.mfa');
  const common = useTranslations('common');
  const utils = trpc.useUtils();
  const disable = trpc.mfa.disable.useMutation({
    onSuccess: () => {
      void refreshQuery(utils.mfa.status);
      void refreshQuery(utils.profile.me);
    },
  });
  const [open, setOpen] = useState(false);
  const submit = useFormSubmit((form) =>
    disable.mutateAsync({ mfa_code: textOrNull(form, 'mfa_code') ?? undefined, current_password: String(form.get('current_password') ?? '') || undefined }),
  );

  if (!open) {
    return (
      <div className="row">
        <button type="button" className="danger" onClick={() => setOpen(true)}>
          {t('turnOffOpen')}
        </button>
      </div>
    );
  }
  return (
    <form className="stack subtle" onSubmit={submit.onSubmit} aria-label={t('turnOffForm')}>
      <p>{t('turnOffText')}</p>
      <div className="form-row">
        <label className="field">
          <span>{t('code')}</span>
          <input name="mfa_code" autoComplete="one-time-code" />
        </label>
        <label className="field">
          <span>{t('orPassword')}</span>
          <input name="current_password" type="password" autoComplete="current-password" />
        </label>
      </div>
      <FormFooter submit={submit} label={t('turnOff')}>
        <button type="button" onClick={() => setOpen(false)}>
          {common('cancel')}
        </button>
      </FormFooter>
    </form>
  );
}
