'use client';
import { useState, type FormEvent } from 'react';
import { ProblemAlert } from '../../../_components/problem-alert';
import { login } from '../../../_lib/auth-api';
import { problemOf, type Problem } from '../../../_lib/problem';

export function PasswordForm({ onMfaRequired }: { onMfaRequired: (username: string) => void }) {
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setProblem(null);
    try {
      const outcome = await login(String(form.get('username') ?? ''), String(form.get('password') ?? ''));
      if (outcome.kind === 'mfa') onMfaRequired(outcome.username);
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="stack" onSubmit={submit} aria-describedby={problem ? 'sign-in-problem' : undefined}>
      <label className="field">
        <span>Username or e-mail</span>
        <input name="username" autoComplete="username" required autoFocus />
      </label>
      <label className="field">
        <span>Password</span>
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      <div id="sign-in-problem">
        <ProblemAlert problem={problem} />
      </div>
      <button type="submit" className="primary" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
