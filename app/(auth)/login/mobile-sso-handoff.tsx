'use client';
import { useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useEffect } from 'react';

// spec: Single sign-on, mobile: the callback lands here with the PKCE session id; a custom-scheme
// redirect (external_redirect=true) is forwarded to <scheme>://callback?session_id=<uuid>. The
// app then exchanges the id with its code_verifier; the id alone grants nothing.
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const NEVER = new Set(['http', 'https', 'javascript', 'data', 'vbscript', 'file', 'blob', 'about']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function appUrl(params: URLSearchParams): string | null {
  const sessionId = params.get('session_id') ?? '';
  const scheme = SCHEME.exec(params.get('redirect') ?? '')?.[1]?.toLowerCase();
  if (params.get('external_redirect') !== 'true' || !UUID.test(sessionId) || !scheme || NEVER.has(scheme)) return null;
  return `${scheme}://callback?session_id=${sessionId}`;
}

export function MobileSsoHandoff() {
  const t = useTranslations('signIn');
  const params = useSearchParams();
  const target = params.get('sso') === 'success' ? appUrl(params) : null;
  useEffect(() => {
    if (target) window.location.assign(target);
  }, [target]);
  return (
    <div className="card auth-card stack">
      <h1>{t('mobileTitle')}</h1>
      {target ? <p>{t.rich('mobileReturning', { link: (text) => <a href={target}>{text}</a> })}</p> : <p>{t('mobileDone')}</p>}
    </div>
  );
}
