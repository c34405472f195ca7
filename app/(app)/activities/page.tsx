import type { Metadata } from 'next';
import { Suspense } from 'react';
import { Skeleton } from '../../_components/skeleton';
import { ActivitiesScreen } from './_components/activities-screen';

export const metadata: Metadata = { title: 'Activities · Stride' };

export default function ActivitiesPage() {
  return (
    <Suspense fallback={<Skeleton height="30rem" />}>
      <ActivitiesScreen />
    </Suspense>
  );
}
