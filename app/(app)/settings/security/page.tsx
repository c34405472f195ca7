import { Suspense } from 'react';
import { ApiKeysSection } from '../_components/api-keys-section';
import { ChangePasswordSection } from '../_components/change-password-section';
import { LinkedProvidersSection } from '../_components/linked-providers-section';
import { MfaSection } from '../_components/mfa-section';
import { SessionsSection } from '../_components/sessions-section';
import { pageTitle } from '../../../_lib/page-title';

export const generateMetadata = pageTitle('security');

export default function SecuritySettingsPage() {
  return (
    <>
      <ChangePasswordSection />
      <Suspense>
        <LinkedProvidersSection />
      </Suspense>
      <MfaSection />
      <ApiKeysSection />
      <SessionsSection />
    </>
  );
}
