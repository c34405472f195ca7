'use client';
import { useState } from 'react';

/** Only the SHA-256 of a key is stored: this is the one time its text can be seen. */
export function ApiKeyShownOnce({ name, apiKey, onDone }: { name: string; apiKey: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="stack subtle" role="region" aria-label="New API key">
      <p className="notice">Copy the key “{name}” now. It will not be shown again.</p>
      <code className="secret" data-testid="new-api-key">
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
          {copied ? 'Copied' : 'Copy key'}
        </button>
        <button type="button" className="primary" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}
