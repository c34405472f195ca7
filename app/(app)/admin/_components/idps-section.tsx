'use client';
import { ProblemAlert } from '../../../_components/problem-alert';
import { LoadedList } from '../../../_components/loaded-list';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { refreshQuery } from '../../../_lib/refresh-query';

/** GET /idp: enable, disable and delete. Client secrets are never sent back, only whether one is set. */
export function IdpsSection() {
  const idps = trpc.admin.idps.useQuery();
  const utils = trpc.useUtils();
  const refresh = () => void refreshQuery(utils.admin.idps);
  const setEnabled = trpc.admin.setIdpEnabled.useMutation({ onSuccess: refresh });
  const remove = trpc.admin.deleteIdp.useMutation({ onSuccess: refresh });
  const error = idps.error ?? setEnabled.error ?? remove.error;

  return (
    <section className="card" aria-labelledby="idps-heading">
      <h2 id="idps-heading">Identity providers</h2>
      <ProblemAlert problem={error ? problemOf(error) : null} />
      <LoadedList items={idps.data} lines={3} empty={<p className="muted">No identity providers yet. Add one below to offer single sign-on.</p>}>
        {(items) => (
          <ul className="list">
            {items.map((idp) => (
              <li key={idp.id} className="list-item" data-testid="idp-row">
                <div>
                  <strong>{idp.name}</strong> {idp.enabled ? <span className="badge ok">Enabled</span> : <span className="badge">Disabled</span>}
                  <p className="muted small">
                    {idp.slug} · {idp.issuer_url ?? idp.authorization_endpoint} · client {idp.client_id}
                    {idp.has_client_secret ? ' (secret set)' : ' (public client)'} · {idp.auto_create_users ? 'creates new users' : 'existing users only'}
                  </p>
                </div>
                <div className="row">
                  <button
                    type="button"
                    disabled={setEnabled.isPending}
                    onClick={() => setEnabled.mutate({ id: idp.id, enabled: !idp.enabled })}
                    aria-label={`${idp.enabled ? 'Disable' : 'Enable'} ${idp.name}`}
                  >
                    {idp.enabled ? 'Disable' : 'Enable'}
                  </button>
                  <button
                    type="button"
                    disabled={remove.isPending}
                    onClick={() => {
                      if (window.confirm(`Delete ${idp.name}? Users linked only through it can no longer sign in.`)) remove.mutate({ id: idp.id });
                    }}
                    aria-label={`Delete ${idp.name}`}
                  >
                    Delete
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
