'use client';
import { ConfirmButton } from '../../../_components/confirm-button';
import { ProblemAlert } from '../../../_components/problem-alert';
import { formatDate, formatDateTime } from '../../../_lib/dates';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import type { ApiKeyResponse } from '@/server/services/api-keys/schemas';
import { refreshQuery } from '../../../_lib/refresh-query';

type ApiKey = Omit<ApiKeyResponse, 'user_id' | 'scopes' | 'key'>;

const isPast = (iso: string | null) => iso !== null && Date.parse(iso) <= Date.now();

export function ApiKeyRow({ apiKey }: { apiKey: ApiKey }) {
  const utils = trpc.useUtils();
  const refresh = () => void refreshQuery(utils.apiKeys.list);
  const revoke = trpc.apiKeys.revoke.useMutation({ onSuccess: refresh });
  const remove = trpc.apiKeys.delete.useMutation({ onSuccess: refresh });
  const expired = isPast(apiKey.expires_at);
  const error = revoke.error;

  return (
    <tr data-testid={`api-key-${apiKey.name}`}>
      <th scope="row">{apiKey.name}</th>
      <td>
        <code>service_{apiKey.key_prefix}…</code>
      </td>
      <td>{formatDate(apiKey.created_at)}</td>
      <td>{apiKey.last_used_at ? formatDateTime(apiKey.last_used_at) : 'Never'}</td>
      <td>{apiKey.expires_at ? formatDate(apiKey.expires_at) : 'Never'}</td>
      <td>
        <span className={`badge ${apiKey.is_active && !expired ? 'ok' : ''}`}>{!apiKey.is_active ? 'Revoked' : expired ? 'Expired' : 'Active'}</span>
        {error ? <ProblemAlert problem={problemOf(error)} /> : null}
      </td>
      <td className="actions">
        {apiKey.is_active ? (
          <button type="button" disabled={revoke.isPending} onClick={() => revoke.mutate({ id: apiKey.id })} aria-label={`Revoke ${apiKey.name}`}>
            Revoke
          </button>
        ) : null}
        <ConfirmButton
          label="Delete"
          ariaLabel={`Delete ${apiKey.name}`}
          title={`Delete the key “${apiKey.name}”?`}
          confirmLabel="Delete key"
          onConfirm={() => remove.mutateAsync({ id: apiKey.id })}
        >
          <p>Scripts and devices using it can no longer upload.</p>
        </ConfirmButton>
      </td>
    </tr>
  );
}
