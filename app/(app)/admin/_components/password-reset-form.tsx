'use client';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { password } from '@/server/services/users/schemas';
import { ProblemAlert } from '../../../_components/problem-alert';
import { problemOf, type Problem } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';

/** Sets a new password; every session of that user ends. */
export function PasswordResetForm({ userId, username, onDone }: { userId: number; username: string; onDone: () => void }) {
  const t = useTranslations('admin.users');
  const reset = trpc.admin.resetPassword.useMutation();
  const [problem, setProblem] = useState<Problem | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = password.safeParse(String(new FormData(event.currentTarget).get('new_password') ?? ''));
    if (!parsed.success) return setProblem({ status: 422, detail: parsed.error.issues[0]!.message });
    try {
      await reset.mutateAsync({ userId, password: parsed.data });
      onDone();
    } catch (error) {
      setProblem(problemOf(error));
    }
  }

  return (
    <form className="stack subtle" onSubmit={submit} aria-label={t('newPasswordFor', { user: username })}>
      <label className="field">
        <span>{t('newPasswordFor', { user: username })}</span>
        <input name="new_password" type="password" required minLength={8} autoComplete="new-password" />
      </label>
      <p className="muted small">{t('resetEndsSessions', { user: username })}</p>
      <ProblemAlert problem={problem} />
      <div className="row">
        <button type="submit" className="primary" disabled={reset.isPending}>
          {t('setPassword')}
        </button>
      </div>
    </form>
  );
}
