'use client';
import { ProblemAlert } from '../../../_components/problem-alert';
import { ScrollRegion } from '../../../_components/scroll-region';
import { formatDateTime } from '../../../_lib/dates';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';

/** A webhook's delivery log, refreshed while a delivery is still pending. */
export function WebhookDeliveries({ webhookId, url }: { webhookId: string; url: string }) {
  const log = trpc.webhooks.deliveries.useQuery(
    { id: webhookId },
    { refetchInterval: (query) => (query.state.data?.some((d) => d.status === 'pending') ? 2_000 : false) },
  );
  if (log.error) return <ProblemAlert problem={problemOf(log.error)} />;
  if (!log.data) return null;
  if (!log.data.length) return <p className="empty">No deliveries yet.</p>;
  return (
    <ScrollRegion label={`Deliveries to ${url}`}>
      <table data-testid="webhook-deliveries">
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Status</th>
            <th scope="col">Attempts</th>
            <th scope="col">Answer</th>
            <th scope="col">Last attempt</th>
            <th scope="col">Delivery id</th>
          </tr>
        </thead>
        <tbody>
          {log.data.map((d) => (
            <tr key={d.id}>
              <th scope="row">
                <code>{d.event}</code>
              </th>
              <td>
                <span className={`badge ${d.status === 'succeeded' ? 'ok' : ''}`}>{d.status}</span>
              </td>
              <td>{d.attempts}</td>
              <td>{d.last_error ?? d.response_status ?? '—'}</td>
              <td>{d.last_attempt_at ? formatDateTime(d.last_attempt_at) : '—'}</td>
              <td>
                <code>{d.id}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
