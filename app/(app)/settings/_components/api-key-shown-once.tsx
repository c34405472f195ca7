'use client';
import { useState } from 'react';

/** Only the SHA-256 of a key is stored (a webhook secret is sealed): this is the one time its text can be seen. */
export function ApiKeyShownOnce({ name, apiKey, onDone, noun = 'key' }: { name: string; apiKey: string; onDone: () => void; noun?: 'key' | 'secret' }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="stack subtle" role="region" aria-label={noun === 'key' ? 'New API key' : 'New webhook secret'}>
      <p className="notice">
        Copy the {noun} {noun === 'key' ? `“${name}”` : `of ${name}`} now. It will not be shown again.
      </p>
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
          {copied ? 'Copied' : `Copy ${noun}`}
        </button>
        <button type="button" className="primary" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}
