'use client';
import { useTranslations } from 'next-intl';
import { ProblemAlert } from '../../../_components/problem-alert';
import { LoadedList } from '../../../_components/loaded-list';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { refreshQuery } from '../../../_lib/refresh-query';

/** GET /idp: enable, disable and delete. Client secrets are never sent back, only whether one is set. */
export function IdpsSection() {
  const t = useTranslations('admin.idps');
  const idps = trpc.admin.idps.useQuery();
  const utils = trpc.useUtils();
  const refresh = () => void refreshQuery(utils.admin.idps);
  const setEnabled = trpc.admin.setIdpEnabled.useMutation({ onSuccess: refresh });
  const remove = trpc.admin.deleteIdp.useMutation({ onSuccess: refresh });
  const error = idps.error ?? setEnabled.error ?? remove.error;

  return (
    <section className="card" aria-labelledby="idps-heading">
      <h2 id="idps-heading">{t('title')}</h2>
      <ProblemAlert problem={error ? problemOf(error) : null} />
      <LoadedList items={idps.data} lines={3} empty={<p className="muted">{t('empty')}</p>}>
        {(items) => (
          <ul className="list">
            {items.map((idp) => (
              <li key={idp.id} className="list-item" data-testid="idp-row">
                <div>
                  <strong>{idp.name}</strong> {idp.enabled ? <span className="badge ok">{t('enabled')}</span> : <span className="badge">{t('disabled')}</span>}
                  <p className="muted small">
                    {idp.slug} · {idp.issuer_url ?? idp.authorization_endpoint} · {t('client', { id: idp.client_id })}{' '}
                    {idp.has_client_secret ? t('secretSet') : t('publicClient')} · {idp.auto_create_users ? t('createsUsers') : t('existingUsersOnly')}
                  </p>
                </div>
                <div className="row">
                  <button
                    type="button"
                    disabled={setEnabled.isPending}
                    onClick={() => setEnabled.mutate({ id: idp.id, enabled: !idp.enabled })}
                    aria-label={idp.enabled ? t('disableNamed', { name: idp.name }) : t('enableNamed', { name: idp.name })}
                  >
                    {idp.enabled ? t('disable') : t('enable')}
                  </button>
                  <button
                    type="button"
                    disabled={remove.isPending}
                    onClick={() => {
                      if (window.confirm(t('deleteQuestion', { name: idp.name }))) remove.mutate({ id: idp.id });
                    }}
                    aria-label={t('deleteNamed', { name: idp.name })}
                  >
                    {t('delete')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </LoadedList>
    </section>
  );
}
