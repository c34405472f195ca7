'use client';
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
  const keys = trpc.apiKeys.list.useQuery();
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);

  return (
    <SectionCard title="API keys">
      <p className="muted">An API key can only upload activities (POST /api/v1/activities/create/upload with the X-API-Key header).</p>
      {created ? <ApiKeyShownOnce name={created.name} apiKey={created.key} onDone={() => setCreated(null)} /> : <ApiKeyCreateForm onCreated={setCreated} />}
      {keys.error ? <ProblemAlert problem={problemOf(keys.error)} /> : null}
      <LoadedList items={keys.data} lines={3} empty={<p className="empty">No API keys yet.</p>}>
        {(items) => (
          <ScrollRegion label="API keys table">
            <table>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Key</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last used</th>
                  <th scope="col">Expires</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
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
