import { Suspense } from 'react';
import { SignInScreen } from './_components/sign-in-screen';
import { pageTitle } from '../../_lib/page-title';

export const generateMetadata = pageTitle('signIn');

export default function SignInPage() {
  return (
    <Suspense fallback={<div className="card auth-card skeleton-block" aria-busy="true" />}>
      <SignInScreen />
    </Suspense>
  );
}
