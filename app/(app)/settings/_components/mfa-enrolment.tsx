'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { FormFooter } from '../../../_components/form-footer';
import { ProblemAlert } from '../../../_components/problem-alert';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { useFormSubmit } from '../../../_lib/use-form-submit';
import { refreshQuery } from '../../../_lib/refresh-query';

type Codes = { codes: string[]; created_at: string };

/** POST setup → scan the QR code (the service's SVG) → confirm a code → backup codes, once. */
export function MfaEnrolment({ onEnabled }: { onEnabled: (codes: Codes) => void }) {
  const t = useTranslations('settings.mfa');
  const common = useTranslations('common');
  const utils = trpc.useUtils();
  const setup = trpc.mfa.setup.useMutation();
  const enable = trpc.mfa.enable.useMutation({
    onSuccess: (codes) => {
      onEnabled(codes);
      void refreshQuery(utils.mfa.status);
      void refreshQuery(utils.profile.me);
    },
  });
  // The step-up password, asked once and sent with setup and enable
  const [password, setPassword] = useState('');
  const current_password = password || undefined;
  const submit = useFormSubmit((form) => enable.mutateAsync({ mfa_code: String(form.get('mfa_code') ?? ''), current_password }));

  if (!setup.data) {
    return (
      <form
        className="stack"
        aria-label={t('setupForm')}
        onSubmit={(event) => {
          event.preventDefault();
          setup.mutate({ current_password });
        }}
      >
        <p>
          <span className="badge">{t('off')}</span> {t('offText')}
        </p>
        <label className="field narrow">
          <span>{t('passwordHint')}</span>
          <input name="current_password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        <ProblemAlert problem={setup.error ? problemOf(setup.error) : null} />
        <div className="row">
          <button type="submit" className="primary" disabled={setup.isPending}>
            {setup.isPending ? t('preparing') : t('setupForm')}
          </button>
        </div>
      </form>
    );
  }

  return (
    <form className="stack mfa-enrol" onSubmit={submit.onSubmit}>
      <ol className="steps">
        <li>{t('scan')}</li>
        <li>{t('enterCode')}</li>
      </ol>
      <div className="qr">
        {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL of the service's SVG */}
        <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.data.qr_code_svg)}`} width={200} height={200} alt={t('qrAlt')} />
      </div>
      <details>
        <summary>{t('byHand')}</summary>
        <code className="secret" data-testid="mfa-secret">
          {setup.data.secret}
        </code>
      </details>
      <label className="field narrow">
        <span>{t('appCode')}</span>
        <input name="mfa_code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]{6,7}" required />
      </label>
      <FormFooter submit={submit} label={t('turnOn')} pendingLabel={t('checking')}>
        <button type="button" onClick={() => setup.reset()}>
          {common('cancel')}
        </button>
      </FormFooter>
    </form>
  );
}
