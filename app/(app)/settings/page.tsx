import type { Metadata } from 'next';
import { ServiceStatus } from '../../_components/service-status';
import { AccountExportSection } from './_components/account-export-section';
import { ProfileForm } from './_components/profile-form';

export const metadata: Metadata = { title: 'Profile · Stride' };

export default function ProfileSettingsPage() {
  return (
    <>
      <ProfileForm />
      <AccountExportSection />
      <section className="card" aria-labelledby="about-heading">
        <h2 id="about-heading">About this server</h2>
        <ServiceStatus />
      </section>
    </>
  );
}
