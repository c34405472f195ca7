'use client';
import { useState, type FormEvent } from 'react';
import { createApiKeyInput } from '@/server/services/api-keys/schemas';
import { ProblemAlert } from '../../../_components/problem-alert';
import { fieldError, problemOf, type Problem } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { useMe } from '../../../_lib/use-me';
import { StepUpFields, stepUpProofFrom } from './step-up-fields';

/** Spec rule 7: creating a key needs step-up — the password, and an MFA code when MFA is on. */
export function ApiKeyCreateForm({ onCreated }: { onCreated: (created: { name: string; key: string }) => void }) {
  const { me } = useMe();
  const utils = trpc.useUtils();
  const create = trpc.apiKeys.create.useMutation({ onSuccess: () => void utils.apiKeys.list.invalidate() });
  const [problem, setProblem] = useState<Problem | null>(null);
  const mfa = me.data?.mfa_enabled ?? false;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const expires = String(form.get('expires_on') ?? '');
    const parsed = createApiKeyInput.safeParse({
      name: String(form.get('name') ?? ''),
      scopes: ['activities:upload'],
      expires_at: expires ? new Date(`${expires}T23:59:59`).toISOString() : null,
      ...stepUpProofFrom(form, mfa),
    });
    if (!parsed.success) {
      setProblem({ status: 422, detail: 'Please check the form.', errors: parsed.error.issues.map((i) => ({ field: String(i.path[0] ?? ''), message: i.message })) });
      return;
    }
    setProblem(null);
    try {
      const created = await create.mutateAsync(parsed.data);
      onCreated({ name: created.name, key: created.key });
    } catch (error) {
      setProblem(problemOf(error));
    }
  }

  return (
    <form className="stack subtle" onSubmit={submit} aria-labelledby="new-key-heading">
      <h3 id="new-key-heading">New key</h3>
      <div className="form-row">
        <label className="field">
          <span>Name</span>
          <input name="name" maxLength={100} required placeholder="e.g. Watch sync script" aria-invalid={Boolean(fieldError(problem, 'name'))} />
        </label>
        <label className="field">
          <span>Expires on (optional)</span>
          <input name="expires_on" type="date" />
        </label>
      </div>
      <StepUpFields mfa={mfa} problem={problem} />
      <ProblemAlert problem={problem} />
      <div className="row">
        <button type="submit" className="primary" disabled={create.isPending || !me.data}>
          {create.isPending ? 'Creating…' : 'Create key'}
        </button>
      </div>
    </form>
  );
}
