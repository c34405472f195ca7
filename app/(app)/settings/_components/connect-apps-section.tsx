'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ProblemAlert } from '../../../_components/problem-alert';
import { SectionCard } from '../../../_components/section-card';
import { Skeleton } from '../../../_components/skeleton';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';

function CopyValue({ label, value, testId }: { label: string; value: string; testId: string }) {
  const t = useTranslations('connectApps');
  const [copied, setCopied] = useState(false);
  return (
    <div className="stack">
      <span>{label}</span>
      <div className="row">
        <code className="secret" data-testid={testId}>
          {value}
        </code>
        <button
          type="button"
          aria-label={t('copy', { what: label })}
          onClick={() => {
            void navigator.clipboard
              .writeText(value)
              .then(() => setCopied(true))
              .catch(() => undefined);
          }}
        >
          {copied ? t('copied') : t('copyShort')}
        </button>
      </div>
    </div>
  );
}

/** Issue 51: what to enter in the apps that already speak Stride's API, and where the full how-to is (docs/clients.md). */
export function ConnectAppsSection() {
  const t = useTranslations('connectApps');
  const inbox = trpc.inbox.get.useQuery(undefined);
  return (
    <SectionCard title={t('title')}>
      <p className="muted">{t('intro')}</p>
      {inbox.error ? <ProblemAlert problem={problemOf(inbox.error)} /> : null}
      {!inbox.data ? (
        <Skeleton lines={2} />
      ) : (
        <div className="stack">
          <CopyValue label={t('serverAddress')} value={inbox.data.server_url} testId="server-address" />
          <CopyValue label={t('inboxFolder')} value={inbox.data.path} testId="connector-inbox-path" />
        </div>
      )}
      <p>
        <a href="/docs/clients.md" target="_blank" rel="noopener">
          {t('guide')}
        </a>
      </p>
    </SectionCard>
  );
}
