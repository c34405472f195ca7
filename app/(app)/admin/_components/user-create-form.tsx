'use client';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { createUserInput } from '@/server/services/users/schemas';
import { ProblemAlert } from '../../../_components/problem-alert';
import { fieldError, problemOf, type Problem } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { zodProblem } from '../../../_lib/zod-problem';
import { refreshQuery } from '../../../_lib/refresh-query';

/** POST /users through admin.createUser: the same schema and service. */
export function UserCreateForm() {
  const t = useTranslations('admin.users');
  const utils = trpc.useUtils();
  const create = trpc.admin.createUser.useMutation({ onSuccess: () => void refreshQuery(utils.admin.users) });
  const [problem, setProblem] = useState<Problem | null>(null);
  const [created, setCreated] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const parsed = createUserInput.safeParse({
      username: String(form.get('username') ?? ''),
      email: String(form.get('email') ?? '') || null,
      name: String(form.get('name') ?? ''),
      password: String(form.get('password') ?? ''),
      access_type: form.get('access_type') === 'admin' ? 'admin' : 'regular',
    });
    if (!parsed.success) return setProblem(zodProblem(parsed.error));
    setProblem(null);
    try {
      const user = await create.mutateAsync(parsed.data);
      setCreated(user.username);
      formElement.reset();
    } catch (error) {
      setProblem(problemOf(error));
    }
  }

  return (
    <section className="card" aria-labelledby="new-user-heading">
      <h2 id="new-user-heading">{t('add')}</h2>
      <form className="stack" onSubmit={submit}>
        <div className="form-row">
          <label className="field">
            <span>{t('username')}</span>
            <input name="username" required autoComplete="off" aria-invalid={Boolean(fieldError(problem, 'username'))} />
          </label>
          <label className="field">
            <span>{t('name')}</span>
            <input name="name" autoComplete="off" />
          </label>
        </div>
        <div className="form-row">
          <label className="field">
            <span>{t('emailOptional')}</span>
            <input name="email" type="email" autoComplete="off" aria-invalid={Boolean(fieldError(problem, 'email'))} />
          </label>
          <label className="field">
            <span>{t('initialPassword')}</span>
            <input name="password" type="password" required minLength={8} autoComplete="new-password" aria-invalid={Boolean(fieldError(problem, 'password'))} />
          </label>
          <label className="field">
            <span>{t('role')}</span>
            <select name="access_type" defaultValue="regular">
              <option value="regular">{t('regularUser')}</option>
              <option value="admin">{t('admin')}</option>
            </select>
          </label>
        </div>
        <ProblemAlert problem={problem} />
        {created ? (
          <p className="notice" role="status">
            {t('added', { user: created })}
          </p>
        ) : null}
        <div className="row">
          <button type="submit" className="primary" disabled={create.isPending}>
            {create.isPending ? t('adding') : t('addUser')}
          </button>
        </div>
      </form>
    </section>
  );
}
