'use client';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { changePasswordInput } from '@/server/services/users/schemas';
import { ProblemAlert } from '../../../_components/problem-alert';
import { fieldError, problemOf, type Problem } from '../../../_lib/problem';
import { LOCAL_PROBLEM } from '../../../_lib/problem-message';
import { trpc } from '../../../_lib/trpc';
import { zodProblem } from '../../../_lib/zod-problem';
import { refreshQuery } from '../../../_lib/refresh-query';

/** PUT /profile/password: this session stays, every other one ends. */
export function ChangePasswordSection() {
  const t = useTranslations('settings.password');
  const utils = trpc.useUtils();
  const change = trpc.profile.changePassword.useMutation({ onSuccess: () => void refreshQuery(utils.sessions.list) });
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const parsed = changePasswordInput.safeParse({
      current_password: String(form.get('current_password') ?? ''),
      new_password: String(form.get('new_password') ?? ''),
    });
    if (!parsed.success) return setProblem(zodProblem(parsed.error));
    if (parsed.data.new_password !== form.get('confirm_password')) {
      return setProblem({ status: 422, code: LOCAL_PROBLEM, detail: t('checkForm'), errors: [{ field: 'confirm_password', message: t('differ') }] });
    }
    setProblem(null);
    setDone(false);
    try {
      await change.mutateAsync(parsed.data);
      setDone(true);
      formElement.reset();
    } catch (error) {
      setProblem(problemOf(error));
    }
  }

  return (
    <section className="card" aria-labelledby="password-heading">
      <h2 id="password-heading">{t('title')}</h2>
      <form className="stack" onSubmit={submit}>
        <label className="field">
          <span>{t('current')}</span>
          <input
            name="current_password"
            type="password"
            required
            autoComplete="current-password"
            aria-invalid={Boolean(fieldError(problem, 'current_password'))}
          />
        </label>
        <div className="form-row">
          <label className="field">
            <span>{t('new')}</span>
            <input
              name="new_password"
              type="password"
              required
              minLength={8}
              autoComplete="new-password"
              aria-invalid={Boolean(fieldError(problem, 'new_password'))}
            />
          </label>
          <label className="field">
            <span>{t('again')}</span>
            <input
              name="confirm_password"
              type="password"
              required
              minLength={8}
              autoComplete="new-password"
              aria-invalid={Boolean(fieldError(problem, 'confirm_password'))}
            />
          </label>
        </div>
        <ProblemAlert problem={problem} />
        {done ? (
          <p className="notice" role="status">
            {t('changed')}
          </p>
        ) : null}
        <div className="row">
          <button type="submit" className="primary" disabled={change.isPending}>
            {t('change')}
          </button>
        </div>
      </form>
    </section>
  );
}
