import { SectionCard } from '../../_components/section-card';
import type { Metadata } from 'next';
import { ServiceStatus } from '../../_components/service-status';
import { ProfileForm } from './_components/profile-form';

export const metadata: Metadata = { title: 'Profile · Stride' };

export default function ProfileSettingsPage() {
  return (
    <>
      <ProfileForm />
      <SectionCard title="About this server">
        <ServiceStatus />
      </SectionCard>
    </>
  );
}
