import { Suspense } from 'react';
import { Skeleton } from '../../_components/skeleton';
import { ActivitiesScreen } from './_components/activities-screen';
import { pageTitle } from '../../_lib/page-title';

export const generateMetadata = pageTitle('activities');

export default function ActivitiesPage() {
  return (
    <Suspense fallback={<Skeleton height="30rem" />}>
      <ActivitiesScreen />
    </Suspense>
  );
}
