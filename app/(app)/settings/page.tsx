import { SectionCard } from '../../_components/section-card';
import { ServiceStatus } from '../../_components/service-status';
import { AccountExportSection } from './_components/account-export-section';
import { ProfileForm } from './_components/profile-form';
import { StravaSection } from './_components/strava-section';
import { pageTitle } from '../../_lib/page-title';

export const generateMetadata = pageTitle('profile');

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
