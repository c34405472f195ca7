'use client';
import { FormFooter } from '../../../_components/form-footer';
import { verifyMfa } from '../../../_lib/auth-api';
import { ProblemError, problemOf } from '../../../_lib/problem';
import { useFormSubmit } from '../../../_lib/use-form-submit';

/** spec: Authentication rule 5: the same field takes a 6-digit TOTP code or a one-time backup code (XXXX-XXXX). */
export function MfaForm({ username, onCancel }: { username: string; onCancel: () => void }) {
  const submit = useFormSubmit(async (form) => {
    try {
      await verifyMfa(username, String(form.get('mfa_code') ?? ''));
    } catch (error) {
      const found = problemOf(error);
      // the pending login expired (or was used up): the code alone cannot help any more
      if (found.status === 400 && /pending/i.test(found.detail))
        throw new ProblemError({ ...found, detail: `${found.detail} Start again with your password.` });
      throw error;
    }
  });

  return (
    <form className="stack" onSubmit={submit.onSubmit}>
      <h1>Two-step verification</h1>
      <p className="muted">Enter the 6-digit code from your authenticator app for {username}, or one of your backup codes.</p>
      <label className="field">
        <span>Authentication or backup code</span>
        <input name="mfa_code" autoComplete="one-time-code" inputMode="text" spellCheck={false} maxLength={20} required autoFocus />
      </label>
      <FormFooter submit={submit} label="Verify" pendingLabel="Verifying…">
        <button type="button" onClick={onCancel}>
          Back
        </button>
      </FormFooter>
    </form>
  );
}
