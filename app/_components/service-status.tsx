'use client';
import { trpc } from '../_lib/trpc';

export function ServiceStatus() {
  const health = trpc.system.health.useQuery();
  if (health.isPending) return <p className="muted">Checking the service…</p>;
  if (health.error) return <p role="alert">The service is not available: {health.error.message}</p>;
  return (
    <p data-testid="service-status">
      Service {health.data.status}, version {health.data.version}, database {health.data.database}.
    </p>
  );
}
