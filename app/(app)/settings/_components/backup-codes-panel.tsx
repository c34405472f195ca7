'use client';
import { useState } from 'react';

/** The codes exist in readable form only in this answer: copy or download them now. */
export function BackupCodesPanel({ codes, onDone }: { codes: { codes: string[]; created_at: string }; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const text = `Stride backup codes (created ${codes.created_at})\nEach code works once.\n\n${codes.codes.join('\n')}\n`;

  async function copy() {
    await navigator.clipboard.writeText(codes.codes.join('\n')).catch(() => undefined);
    setCopied(true);
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: 'stride-backup-codes.txt' });
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <div className="stack" role="region" aria-labelledby="backup-codes-heading">
      <h3 id="backup-codes-heading">Your backup codes</h3>
      <p className="notice">Save these now: they are shown only once. Each one signs you in once if you lose your authenticator.</p>
      <ul className="codes" data-testid="backup-codes">
        {codes.codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="row">
        <button type="button" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy'}
        </button>
        <button type="button" onClick={download}>
          Download
        </button>
        <button type="button" className="primary" onClick={onDone}>
          I have saved them
        </button>
      </div>
    </div>
  );
}
