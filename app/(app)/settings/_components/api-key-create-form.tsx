'use client';
import { useTranslations } from 'next-intl';
import { createApiKeyInput } from '@/server/services/api-keys/schemas';
import { FormFooter } from '../../../_components/form-footer';
import { trpc } from '../../../_lib/trpc';
import { useFormSubmit, validated } from '../../../_lib/use-form-submit';
import { useMe } from '../../../_lib/use-me';
import { StepUpFields, stepUpProofFrom } from './step-up-fields';
import { refreshQuery } from '../../../_lib/refresh-query';

/** spec: Authentication rule 7: creating a key needs step-up — the password, and an MFA code when MFA is on. */
export function ApiKeyCreateForm({ onCreated }: { onCreated: (created: { name: string; key: string }) => void }) {
  const t = useTranslations('apiKeys');
  const { me } = useMe();
  const utils = trpc.useUtils();
  const create = trpc.apiKeys.create.useMutation({ onSuccess: () => void refreshQuery(utils.apiKeys.list) });
  const mfa = me.data?.mfa_enabled ?? false;
  const submit = useFormSubmit(async (form) => {
    const expires = String(form.get('expires_on') ?? '');
    const input = validated(createApiKeyInput, {
      name: String(form.get('name') ?? ''),
      scopes: ['activities:upload'],
      expires_at: expires ? new Date(`${expires}T23:59:59`).toISOString() : null,
      ...stepUpProofFrom(form, mfa),
    });
    const created = await create.mutateAsync(input);
    onCreated({ name: created.name, key: created.key });
  });

  return (
    <form className="stack subtle" onSubmit={submit.onSubmit} aria-labelledby="new-key-heading">
      <h3 id="new-key-heading">{t('newKey')}</h3>
      <div className="form-row">
        <label className="field">
          <span>{t('name')}</span>
          <input name="name" maxLength={100} required placeholder={t('namePlaceholder')} aria-invalid={Boolean(submit.fieldError('name'))} />
        </label>
        <label className="field">
          <span>{t('expiresOn')}</span>
          <input name="expires_on" type="date" />
        </label>
      </div>
      <StepUpFields mfa={mfa} problem={submit.problem} />
      <FormFooter submit={submit} label={t('create')} pendingLabel={t('creating')} disabled={!me.data} />
    </form>
  );
}
