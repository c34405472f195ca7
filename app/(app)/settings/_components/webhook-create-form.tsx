'use client';
import { useTranslations } from 'next-intl';
import { createWebhookInput, WEBHOOK_EVENTS } from '@/server/services/webhooks/schemas';
import { FormFooter } from '../../../_components/form-footer';
import { refreshQuery } from '../../../_lib/refresh-query';
import { trpc } from '../../../_lib/trpc';
import { useFormSubmit, validated } from '../../../_lib/use-form-submit';

/** CONTRACT: Beyond the spec … Integrations: a URL and the events it receives. */
export function WebhookCreateForm({ onCreated }: { onCreated: (created: { url: string; secret: string }) => void }) {
  const t = useTranslations('webhooks');
  const utils = trpc.useUtils();
  const create = trpc.webhooks.create.useMutation({ onSuccess: () => void refreshQuery(utils.webhooks.list) });
  const submit = useFormSubmit(async (form) => {
    const input = validated(createWebhookInput, { url: String(form.get('url') ?? '').trim(), events: form.getAll('events').map(String) });
    const created = await create.mutateAsync(input);
    onCreated({ url: created.url, secret: created.secret ?? '' });
  });

  return (
    <form className="stack subtle" onSubmit={submit.onSubmit} aria-labelledby="new-webhook-heading">
      <h3 id="new-webhook-heading">{t('newWebhook')}</h3>
      <label className="field">
        <span>{t('payloadUrl')}</span>
        <input name="url" type="url" required maxLength={2048} placeholder="https://example.com/stride-hook" aria-invalid={Boolean(submit.fieldError('url'))} />
      </label>
      <fieldset className="field">
        <legend>{t('events')}</legend>
        <div className="row">
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="choice">
              <input type="checkbox" name="events" value={event} defaultChecked={event === 'activity.created'} /> <code>{event}</code>
            </label>
          ))}
        </div>
      </fieldset>
      <FormFooter submit={submit} label={t('add')} pendingLabel={t('adding')} />
    </form>
  );
}
