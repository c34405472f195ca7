'use client';
import { useTranslations } from 'next-intl';
import { ProblemAlert } from '../../../_components/problem-alert';
import { ScrollRegion } from '../../../_components/scroll-region';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { useFormats } from '../../../_lib/use-formats';

/** A webhook's delivery log, refreshed while a delivery is still pending. */
export function WebhookDeliveries({ webhookId, url }: { webhookId: string; url: string }) {
  const t = useTranslations('webhooks.deliveries');
  const f = useFormats();
  const log = trpc.webhooks.deliveries.useQuery(
    { id: webhookId },
    { refetchInterval: (query) => (query.state.data?.some((d) => d.status === 'pending') ? 2_000 : false) },
  );
  if (log.error) return <ProblemAlert problem={problemOf(log.error)} />;
  if (!log.data) return null;
  if (!log.data.length) return <p className="empty">{t('empty')}</p>;
  return (
    <ScrollRegion label={t('label', { url })}>
      <table data-testid="webhook-deliveries">
        <thead>
          <tr>
            <th scope="col">{t('event')}</th>
            <th scope="col">{t('status')}</th>
            <th scope="col">{t('attempts')}</th>
            <th scope="col">{t('answer')}</th>
            <th scope="col">{t('lastAttempt')}</th>
            <th scope="col">{t('id')}</th>
          </tr>
        </thead>
        <tbody>
          {log.data.map((d) => (
            <tr key={d.id}>
              <th scope="row">
                <code>{d.event}</code>
              </th>
              <td>
                <span className={`badge ${d.status === 'succeeded' ? 'ok' : ''}`}>{t(`statuses.${d.status}`)}</span>
              </td>
              <td>{d.attempts}</td>
              <td>{d.last_error ?? d.response_status ?? '—'}</td>
              <td>{d.last_attempt_at ? f.dateTime(d.last_attempt_at) : '—'}</td>
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
