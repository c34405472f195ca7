import type { Metadata } from 'next';
import { ServiceStatus } from '../../_components/service-status';
import { ProfileForm } from './_components/profile-form';
import { StravaSection } from './_components/strava-section';

export const metadata: Metadata = { title: 'Profile · Stride' };

export default function ProfileSettingsPage() {
  return (
    <>
      <ProfileForm />
      <StravaSection />
      <section className="card" aria-labelledby="about-heading">
        <h2 id="about-heading">About this server</h2>
        <ServiceStatus />
      </section>
    </>
  );
}
