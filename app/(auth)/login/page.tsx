import { redirect } from 'next/navigation';
import { Suspense } from 'react';
import { MobileSsoHandoff } from './mobile-sso-handoff';
import { pageTitle } from '../../_lib/page-title';

export const generateMetadata = pageTitle('signedIn');

/**
 * Where a mobile single sign-on lands (`?sso=success&session_id=…`). Anyone else, a signed-out
 * visitor typing /login, is not signed in: they go to the sign-in page (issue 50).
 */
export default async function MobileSsoLandingPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  if (params.sso !== 'success' || typeof params.session_id !== 'string') redirect('/sign-in');
  return (
    <Suspense fallback={<div className="card auth-card skeleton-block" aria-busy="true" />}>
      <MobileSsoHandoff />
    </Suspense>
  );
}
