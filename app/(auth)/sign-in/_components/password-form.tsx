'use client';
import { FormFooter } from '../../../_components/form-footer';
import { login } from '../../../_lib/auth-api';
import { useFormSubmit } from '../../../_lib/use-form-submit';

export function PasswordForm({ onMfaRequired }: { onMfaRequired: (username: string) => void }) {
  const submit = useFormSubmit(async (form) => {
    const outcome = await login(String(form.get('username') ?? ''), String(form.get('password') ?? ''));
    if (outcome.kind === 'mfa') onMfaRequired(outcome.username);
  });

  return (
    <form className="stack" onSubmit={submit.onSubmit}>
      <label className="field">
        <span>Username or e-mail</span>
        <input name="username" autoComplete="username" required autoFocus />
      </label>
      <label className="field">
        <span>Password</span>
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      <FormFooter submit={submit} label="Sign in" pendingLabel="Signing in…" />
    </form>
  );
}
