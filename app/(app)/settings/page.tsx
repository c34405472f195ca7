import { SectionCard } from '../../_components/section-card';
import type { Metadata } from 'next';
import { ServiceStatus } from '../../_components/service-status';
import { AccountExportSection } from './_components/account-export-section';
import { ProfileForm } from './_components/profile-form';
import { StravaSection } from './_components/strava-section';

export const metadata: Metadata = { title: 'Profile · Stride' };

export default function ProfileSettingsPage() {
  return (
    <>
      <ProfileForm />
      <StravaSection />
      <AccountExportSection />
      <SectionCard title="About this server">
        <ServiceStatus />
      </SectionCard>
    </>
  );
}
