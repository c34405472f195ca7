import { Suspense } from 'react';
import { MobileSsoHandoff } from './mobile-sso-handoff';
import { pageTitle } from '../../_lib/page-title';

export const generateMetadata = pageTitle('signedIn');

export default function MobileSsoLandingPage() {
  return (
    <Suspense fallback={<div className="card auth-card skeleton-block" aria-busy="true" />}>
      <MobileSsoHandoff />
    </Suspense>
  );
}
