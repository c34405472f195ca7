import type { Metadata } from 'next';
import { IdpCreateForm } from '../_components/idp-create-form';
import { IdpsSection } from '../_components/idps-section';

export const metadata: Metadata = { title: 'Identity providers · Administration · Stride' };

export default function AdminIdentityProvidersPage() {
  return (
    <>
      <IdpsSection />
      <IdpCreateForm />
    </>
  );
}
