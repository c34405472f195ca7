'use client';
import { useTranslations } from 'next-intl';
import type { WebhookResponse } from '@/server/services/webhooks/schemas';
import { ConfirmButton } from '../../../_components/confirm-button';
import { ProblemAlert } from '../../../_components/problem-alert';
import { problemOf } from '../../../_lib/problem';
import { refreshQuery } from '../../../_lib/refresh-query';
import { trpc } from '../../../_lib/trpc';
import { WebhookDeliveries } from './webhook-deliveries';

export function WebhookPanel({ webhook }: { webhook: WebhookResponse }) {
  const t = useTranslations('webhooks');
  const utils = trpc.useUtils();
  const sendTest = trpc.webhooks.sendTest.useMutation({ onSuccess: () => void refreshQuery(utils.webhooks.deliveries) });
  const remove = trpc.webhooks.delete.useMutation({ onSuccess: () => void refreshQuery(utils.webhooks.list) });
  return (
    <article className="stack subtle" aria-label={t('panel', { url: webhook.url })} data-testid="webhook">
      <h3>
        <code>{webhook.url}</code>
      </h3>
      <p className="muted">{t('eventsList', { events: webhook.events.join(', ') })}</p>
      <div className="row">
        <button type="button" disabled={sendTest.isPending} onClick={() => sendTest.mutate({ id: webhook.id })}>
          {t('sendTest')}
        </button>
        <ConfirmButton
          label={t('delete')}
          ariaLabel={t('deleteNamed', { url: webhook.url })}
          title={t('deleteQuestion')}
          confirmLabel={t('deleteWebhook')}
          onConfirm={() => remove.mutateAsync({ id: webhook.id })}
        >
          <p>{t('deleteConsequence')}</p>
        </ConfirmButton>
      </div>
      {sendTest.error ? <ProblemAlert problem={problemOf(sendTest.error)} /> : null}
      <WebhookDeliveries webhookId={webhook.id} url={webhook.url} />
    </article>
  );
}
