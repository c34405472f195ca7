'use client';
import { useTranslations } from 'next-intl';
import { ScrollRegion } from '../../../_components/scroll-region';
import { SectionCard } from '../../../_components/section-card';
import { useState } from 'react';
import { ProblemAlert } from '../../../_components/problem-alert';
import { LoadedList } from '../../../_components/loaded-list';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { ApiKeyCreateForm } from './api-key-create-form';
import { ApiKeyRow } from './api-key-row';
import { ApiKeyShownOnce } from './api-key-shown-once';

/** Keys for uploading from scripts and devices (scope activities:upload only). */
export function ApiKeysSection() {
  const t = useTranslations('apiKeys');
  const keys = trpc.apiKeys.list.useQuery();
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);

  return (
    <SectionCard title={t('title')}>
      <p className="muted">{t('intro')}</p>
      {created ? <ApiKeyShownOnce name={created.name} apiKey={created.key} onDone={() => setCreated(null)} /> : <ApiKeyCreateForm onCreated={setCreated} />}
      {keys.error ? <ProblemAlert problem={problemOf(keys.error)} /> : null}
      <LoadedList items={keys.data} lines={3} empty={<p className="empty">{t('empty')}</p>}>
        {(items) => (
          <ScrollRegion label={t('table')}>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('name')}</th>
                  <th scope="col">{t('key')}</th>
                  <th scope="col">{t('created')}</th>
                  <th scope="col">{t('lastUsed')}</th>
                  <th scope="col">{t('expires')}</th>
                  <th scope="col">{t('status')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((key) => (
                  <ApiKeyRow key={key.id} apiKey={key} />
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </LoadedList>
    </SectionCard>
  );
}
