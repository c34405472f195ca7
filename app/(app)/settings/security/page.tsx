import type { Metadata } from 'next';
import { ApiKeysSection } from '../_components/api-keys-section';
import { MfaSection } from '../_components/mfa-section';
import { SessionsSection } from '../_components/sessions-section';

export const metadata: Metadata = { title: 'Security · Stride' };

export default function SecuritySettingsPage() {
  return (
    <>
      <MfaSection />
      <ApiKeysSection />
      <SessionsSection />
    </>
  );
}
