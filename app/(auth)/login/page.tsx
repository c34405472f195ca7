import type { Metadata } from 'next';
import { Suspense } from 'react';
import { MobileSsoHandoff } from './mobile-sso-handoff';

export const metadata: Metadata = { title: 'Signed in · Stride' };

export default function MobileSsoLandingPage() {
  return (
    <Suspense fallback={<div className="card auth-card skeleton-block" aria-busy="true" />}>
      <MobileSsoHandoff />
    </Suspense>
  );
}
