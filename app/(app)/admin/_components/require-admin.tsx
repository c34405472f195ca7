'use client';
import type { ReactNode } from 'react';
import { Skeleton } from '../../../_components/skeleton';
import { useMe } from '../../../_lib/use-me';

/** The admin pages render only for administrators; the procedures behind them refuse others too. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { me } = useMe();
  if (!me.data) return <Skeleton lines={3} />;
  if (me.data.access_type !== 'admin') {
    return (
      <section className="card" aria-labelledby="forbidden-heading" data-testid="admin-forbidden">
        <h1 id="forbidden-heading">Not available</h1>
        <p>This area is for administrators only.</p>
      </section>
    );
  }
  return <>{children}</>;
}
