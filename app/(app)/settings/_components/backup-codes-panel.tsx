'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';

/** The codes exist in readable form only in this answer: copy or download them now. */
export function BackupCodesPanel({ codes, onDone }: { codes: { codes: string[]; created_at: string }; onDone: () => void }) {
  const t = useTranslations('settings.mfa');
  const [copied, setCopied] = useState(false);
  const text = `${t('codesFile', { created: codes.created_at })}\n${t('codesOnce')}\n\n${codes.codes.join('\n')}\n`;

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
      <h3 id="backup-codes-heading">{t('codesTitle')}</h3>
      <p className="notice">{t('codesNotice')}</p>
      <ul className="codes" data-testid="backup-codes">
        {codes.codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="row">
        <button type="button" onClick={() => void copy()}>
          {copied ? t('copied') : t('copy')}
        </button>
        <button type="button" onClick={download}>
          {t('download')}
        </button>
        <button type="button" className="primary" onClick={onDone}>
          {t('saved')}
        </button>
      </div>
    </div>
  );
}
