'use client';
import { useState, type FormEvent } from 'react';
import { ProblemAlert } from '../../../_components/problem-alert';
import { verifyMfa } from '../../../_lib/auth-api';
import { problemOf, type Problem } from '../../../_lib/problem';

/** spec rule 5: the same field takes a 6-digit TOTP code or a one-time backup code (XXXX-XXXX). */
export function MfaForm({ username, onCancel }: { username: string; onCancel: () => void }) {
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('mfa_code') ?? '');
    setBusy(true);
    setProblem(null);
    try {
      await verifyMfa(username, code);
    } catch (error) {
      const found = problemOf(error);
      setProblem(found.status === 400 && /pending/i.test(found.detail) ? { ...found, detail: `${found.detail} Start again with your password.` } : found);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="stack" onSubmit={submit}>
      <h1>Two-step verification</h1>
      <p className="muted">Enter the 6-digit code from your authenticator app for {username}, or one of your backup codes.</p>
      <label className="field">
        <span>Authentication or backup code</span>
        <input name="mfa_code" autoComplete="one-time-code" inputMode="text" spellCheck={false} maxLength={20} required autoFocus />
      </label>
      <ProblemAlert problem={problem} />
      <div className="row">
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Verifying…' : 'Verify'}
        </button>
        <button type="button" onClick={onCancel}>
          Back
        </button>
      </div>
    </form>
  );
}
