'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ProblemAlert } from '../../../_components/problem-alert';
import { SectionCard } from '../../../_components/section-card';
import { LoadedList } from '../../../_components/loaded-list';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { ApiKeyShownOnce } from './api-key-shown-once';
import { WebhookCreateForm } from './webhook-create-form';
import { WebhookPanel } from './webhook-panel';

/** CONTRACT: Beyond the spec … Integrations: outgoing webhooks with their delivery log. */
export function WebhooksSection() {
  const t = useTranslations('webhooks');
  const hooks = trpc.webhooks.list.useQuery();
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  return (
    <SectionCard title={t('title')}>
      <p className="muted">{t.rich('intro', { code: (text) => <code>{text}</code> })}</p>
      {created ? (
        <ApiKeyShownOnce noun="secret" name={created.url} apiKey={created.secret} onDone={() => setCreated(null)} />
      ) : (
        <WebhookCreateForm onCreated={setCreated} />
      )}
      {hooks.error ? <ProblemAlert problem={problemOf(hooks.error)} /> : null}
      <LoadedList items={hooks.data} lines={3} empty={<p className="empty">{t('empty')}</p>}>
        {(items) => items.map((hook) => <WebhookPanel key={hook.id} webhook={hook} />)}
      </LoadedList>
    </SectionCard>
  );
}
