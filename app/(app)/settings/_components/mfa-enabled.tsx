'use client';
import { useState } from 'react';
import { ConfirmButton } from '../../../_components/confirm-button';
import { ProblemAlert } from '../../../_components/problem-alert';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { MfaDisableForm } from './mfa-disable-form';
import { refreshQuery } from '../../../_lib/refresh-query';

type Codes = { codes: string[]; created_at: string };

/** MFA is on: backup-code count, regeneration (old codes die) and turning it off. */
export function MfaEnabled({ onNewCodes }: { onNewCodes: (codes: Codes) => void }) {
  const backup = trpc.mfa.backupCodeStatus.useQuery();
  const utils = trpc.useUtils();
  const [password, setPassword] = useState(''); // The step-up password
  const regenerate = trpc.mfa.regenerateBackupCodes.useMutation({
    onSuccess: (codes) => {
      void refreshQuery(utils.mfa.backupCodeStatus);
      onNewCodes(codes);
    },
  });
  return (
    <div className="stack">
      <p>
        <span className="badge ok">On</span> Signing in asks for a code from your authenticator app.
      </p>
      <p className="muted" aria-live="polite">
        {backup.data ? `${backup.data.unused} of ${backup.data.total} backup codes unused.` : ' '}
      </p>
      <ProblemAlert problem={regenerate.error ? problemOf(regenerate.error) : null} />
      <div className="row">
        <ConfirmButton
          label="Regenerate backup codes"
          title="Regenerate backup codes?"
          confirmLabel="Regenerate"
          danger={false}
          disabled={regenerate.isPending}
          onConfirm={() => regenerate.mutateAsync({ current_password: password || undefined })}
        >
          <p>New backup codes replace all the old ones.</p>
          <label className="field">
            <span>Your password (not needed in the first minutes after signing in)</span>
            <input name="current_password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </label>
        </ConfirmButton>
      </div>
      <MfaDisableForm />
    </div>
  );
}
