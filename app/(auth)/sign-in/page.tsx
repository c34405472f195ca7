import type { Metadata } from 'next';
import { Suspense } from 'react';
import { SignInScreen } from './_components/sign-in-screen';

export const metadata: Metadata = { title: 'Sign in · Stride' };

export default function SignInPage() {
  return (
    <Suspense fallback={<div className="card auth-card skeleton-block" aria-busy="true" />}>
      <SignInScreen />
    </Suspense>
  );
}
