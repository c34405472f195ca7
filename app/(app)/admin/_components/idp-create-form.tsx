'use client';
import { useTranslations } from 'next-intl';
import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { identityProviderInput } from '@/server/services/identity-providers/schemas';
import { ProblemAlert } from '../../../_components/problem-alert';
import { fieldError, problemOf, type Problem } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { zodProblem } from '../../../_lib/zod-problem';
import { refreshQuery } from '../../../_lib/refresh-query';

const noSubscription = () => () => {};

/** POST /idp through admin.createIdp: the issuer URL is enough, discovery fills the endpoints. */
export function IdpCreateForm() {
  const t = useTranslations('admin.idps.create');
  const utils = trpc.useUtils();
  const create = trpc.admin.createIdp.useMutation({ onSuccess: () => void refreshQuery(utils.admin.idps) });
  const [problem, setProblem] = useState<Problem | null>(null);
  const [slug, setSlug] = useState('');
  const [added, setAdded] = useState<string | null>(null);
  const origin = useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => '',
  );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const parsed = identityProviderInput.safeParse({
      name: text('name'),
      slug: text('slug'),
      issuer_url: text('issuer_url') || null,
      client_id: text('client_id'),
      client_secret: text('client_secret') || undefined,
      scopes: text('scopes') || undefined,
      auto_create_users: form.get('auto_create_users') === 'on',
      enabled: true,
    });
    if (!parsed.success) return setProblem(zodProblem(parsed.error));
    setProblem(null);
    try {
      const idp = await create.mutateAsync(parsed.data);
      setAdded(idp.name);
      setSlug('');
      formElement.reset();
    } catch (error) {
      setProblem(problemOf(error));
    }
  }

  return (
    <section className="card" aria-labelledby="new-idp-heading">
      <h2 id="new-idp-heading">{t('title')}</h2>
      <form className="stack" onSubmit={submit}>
        <div className="form-row">
          <label className="field">
            <span>{t('name')}</span>
            <input name="name" required maxLength={100} placeholder={t('namePlaceholder')} aria-invalid={Boolean(fieldError(problem, 'name'))} />
          </label>
          <label className="field">
            <span>{t('slug')}</span>
            <input
              name="slug"
              required
              maxLength={64}
              pattern="[a-z0-9][a-z0-9-]*"
              value={slug}
              onChange={(e) => setSlug(e.target.value)}
              aria-describedby="idp-redirect-uri"
              aria-invalid={Boolean(fieldError(problem, 'slug'))}
            />
          </label>
        </div>
        <p className="muted small" id="idp-redirect-uri">
          {t('redirectUri')} <code>{`${origin}/api/v1/public/idp/callback/${slug || '<slug>'}`}</code>
        </p>
        <label className="field">
          <span>{t('issuer')}</span>
          <input name="issuer_url" type="url" required placeholder="https://login.example.com" aria-invalid={Boolean(fieldError(problem, 'issuer_url'))} />
        </label>
        <div className="form-row">
          <label className="field">
            <span>{t('clientId')}</span>
            <input name="client_id" required autoComplete="off" aria-invalid={Boolean(fieldError(problem, 'client_id'))} />
          </label>
          <label className="field">
            <span>{t('clientSecret')}</span>
            <input name="client_secret" type="password" autoComplete="off" />
          </label>
          <label className="field">
            <span>{t('scopes')}</span>
            <input name="scopes" defaultValue="openid profile email" />
          </label>
        </div>
        <label className="choice">
          <input name="auto_create_users" type="checkbox" defaultChecked /> {t('autoCreate')}
        </label>
        <ProblemAlert problem={problem} />
        {added ? (
          <p className="notice" role="status">
            {t('added', { name: added })}
          </p>
        ) : null}
        <div className="row">
          <button type="submit" className="primary" disabled={create.isPending}>
            {create.isPending ? t('discovering') : t('submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
