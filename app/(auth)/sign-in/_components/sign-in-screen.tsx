'use client';
import { useTranslations } from 'next-intl';
import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useAuth } from '../../../_components/auth-provider';
import { safeNext } from '../../../_lib/safe-next';
import { useSsoErrorMessage } from '../../../_lib/sso-messages';
import { IdpButtons } from './idp-buttons';
import { MfaForm } from './mfa-form';
import { PasswordForm } from './password-form';

/** Password step, then (when the account has MFA) the code step; signed-in users move on. */
export function SignInScreen() {
  const t = useTranslations('signIn');
  const ssoErrorMessage = useSsoErrorMessage();
  const { status } = useAuth();
  const router = useRouter();
  const params = useSearchParams();
  const next = safeNext(params.get('next'));
  const ssoError = params.get('sso') === 'error' ? ssoErrorMessage(params.get('reason')) : null;
  const [mfaUsername, setMfaUsername] = useState<string | null>(null);

  useEffect(() => {
    if (status === 'signed-in') router.replace(next);
  }, [status, next, router]);

  if (status !== 'signed-out') {
    return (
      <div className="card auth-card" aria-busy="true">
        <p className="muted">{status === 'restoring' ? t('checkingSession') : t('openingStride')}</p>
      </div>
    );
  }

  return (
    <div className="card auth-card">
      {mfaUsername ? (
        <MfaForm username={mfaUsername} onCancel={() => setMfaUsername(null)} />
      ) : (
        <>
          <h1>{t('title')}</h1>
          {ssoError ? (
            <div className="alert" role="alert" data-testid="sso-error">
              <p>{ssoError}</p>
            </div>
          ) : null}
          <PasswordForm onMfaRequired={setMfaUsername} />
          <IdpButtons next={next} />
        </>
      )}
    </div>
  );
}
