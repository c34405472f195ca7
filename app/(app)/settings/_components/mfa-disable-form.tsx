'use client';
import { useState, type FormEvent } from 'react';
import { ProblemAlert } from '../../../_components/problem-alert';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';

/** CONTRACT: turning MFA off needs a current code (or backup code) or the current password. */
export function MfaDisableForm() {
  const utils = trpc.useUtils();
  const disable = trpc.mfa.disable.useMutation({
    onSuccess: () => {
      void utils.mfa.status.invalidate();
      void utils.profile.me.invalidate();
    },
  });
  const [open, setOpen] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const code = String(form.get('mfa_code') ?? '').trim();
    const password = String(form.get('current_password') ?? '');
    disable.mutate({ mfa_code: code || undefined, current_password: password || undefined });
  }

  if (!open) {
    return (
      <div className="row">
        <button type="button" className="danger" onClick={() => setOpen(true)}>
          Turn off two-step verification…
        </button>
      </div>
    );
  }
  return (
    <form className="stack subtle" onSubmit={submit}>
      <p>Confirm with a code from your app or your password.</p>
      <div className="form-row">
        <label className="field">
          <span>Code</span>
          <input name="mfa_code" autoComplete="one-time-code" />
        </label>
        <label className="field">
          <span>or password</span>
          <input name="current_password" type="password" autoComplete="current-password" />
        </label>
      </div>
      <ProblemAlert problem={disable.error ? problemOf(disable.error) : null} />
      <div className="row">
        <button type="submit" className="danger" disabled={disable.isPending}>
          Turn off
        </button>
        <button type="button" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
