'use client';
import type { WebhookResponse } from '@/server/services/webhooks/schemas';
import { ConfirmButton } from '../../../_components/confirm-button';
import { ProblemAlert } from '../../../_components/problem-alert';
import { problemOf } from '../../../_lib/problem';
import { refreshQuery } from '../../../_lib/refresh-query';
import { trpc } from '../../../_lib/trpc';
import { WebhookDeliveries } from './webhook-deliveries';

export function WebhookPanel({ webhook }: { webhook: WebhookResponse }) {
  const utils = trpc.useUtils();
  const sendTest = trpc.webhooks.sendTest.useMutation({ onSuccess: () => void refreshQuery(utils.webhooks.deliveries) });
  const remove = trpc.webhooks.delete.useMutation({ onSuccess: () => void refreshQuery(utils.webhooks.list) });
  return (
    <article className="stack subtle" aria-label={`Webhook ${webhook.url}`} data-testid="webhook">
      <h3>
        <code>{webhook.url}</code>
      </h3>
      <p className="muted">Events: {webhook.events.join(', ')}</p>
      <div className="row">
        <button type="button" disabled={sendTest.isPending} onClick={() => sendTest.mutate({ id: webhook.id })}>
          Send test event
        </button>
        <ConfirmButton
          label="Delete"
          ariaLabel={`Delete the webhook ${webhook.url}`}
          title="Delete this webhook?"
          confirmLabel="Delete webhook"
          onConfirm={() => remove.mutateAsync({ id: webhook.id })}
        >
          <p>Its delivery log goes with it; pending retries stop.</p>
        </ConfirmButton>
      </div>
      {sendTest.error ? <ProblemAlert problem={problemOf(sendTest.error)} /> : null}
      <WebhookDeliveries webhookId={webhook.id} url={webhook.url} />
    </article>
  );
}
