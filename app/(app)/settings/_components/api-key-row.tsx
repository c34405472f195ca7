'use client';
import { nowMs } from '@/server/clock';
import { useTranslations } from 'next-intl';
import { ConfirmButton } from '../../../_components/confirm-button';
import { ProblemAlert } from '../../../_components/problem-alert';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { useFormats } from '../../../_lib/use-formats';
import type { ApiKeyResponse } from '@/server/services/api-keys/schemas';
import { refreshQuery } from '../../../_lib/refresh-query';

type ApiKey = Omit<ApiKeyResponse, 'user_id' | 'scopes' | 'key'>;

const isPast = (iso: string | null) => iso !== null && Date.parse(iso) <= nowMs();

export function ApiKeyRow({ apiKey }: { apiKey: ApiKey }) {
  const t = useTranslations('apiKeys');
  const f = useFormats();
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
      <td>{f.date(apiKey.created_at)}</td>
      <td>{apiKey.last_used_at ? f.dateTime(apiKey.last_used_at) : t('never')}</td>
      <td>{apiKey.expires_at ? f.date(apiKey.expires_at) : t('never')}</td>
      <td>
        <span className={`badge ${apiKey.is_active && !expired ? 'ok' : ''}`}>{!apiKey.is_active ? t('revoked') : expired ? t('expired') : t('active')}</span>
        {error ? <ProblemAlert problem={problemOf(error)} /> : null}
      </td>
      <td className="actions">
        {apiKey.is_active ? (
          <button
            type="button"
            disabled={revoke.isPending}
            onClick={() => revoke.mutate({ id: apiKey.id })}
            aria-label={t('revokeNamed', { name: apiKey.name })}
          >
            {t('revoke')}
          </button>
        ) : null}
        <ConfirmButton
          label={t('delete')}
          ariaLabel={t('deleteNamed', { name: apiKey.name })}
          title={t('deleteQuestion', { name: apiKey.name })}
          confirmLabel={t('deleteKey')}
          onConfirm={() => remove.mutateAsync({ id: apiKey.id })}
        >
          <p>{t('deleteConsequence')}</p>
        </ConfirmButton>
      </td>
    </tr>
  );
}
