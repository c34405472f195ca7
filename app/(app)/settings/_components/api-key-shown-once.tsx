'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';

/** Only the SHA-256 of a key is stored (a webhook secret is sealed): this is the one time its text can be seen. */
export function ApiKeyShownOnce({ name, apiKey, onDone, noun = 'key' }: { name: string; apiKey: string; onDone: () => void; noun?: 'key' | 'secret' }) {
  const t = useTranslations('apiKeys.shownOnce');
  const [copied, setCopied] = useState(false);
  return (
    <div className="stack subtle" role="region" aria-label={t(`${noun}.region`)}>
      <p className="notice">{t(`${noun}.copyNow`, { name })}</p>
      <code className="secret" data-testid={noun === 'key' ? 'new-api-key' : 'new-webhook-secret'}>
        {apiKey}
      </code>
      <div className="row">
        <button
          type="button"
          onClick={() => {
            void navigator.clipboard
              .writeText(apiKey)
              .then(() => setCopied(true))
              .catch(() => undefined);
          }}
        >
          {copied ? t('copied') : t(`${noun}.copy`)}
        </button>
        <button type="button" className="primary" onClick={onDone}>
          {t('done')}
        </button>
      </div>
    </div>
  );
}
