'use client';
import { useState } from 'react';
import { ProblemAlert } from '../../../_components/problem-alert';
import { Skeleton } from '../../../_components/skeleton';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { BackupCodesPanel } from './backup-codes-panel';
import { MfaDisableForm } from './mfa-disable-form';
import { MfaEnrolment } from './mfa-enrolment';

type Codes = { codes: string[]; created_at: string };

/** Two-step verification: enrol with the QR code, keep backup codes, regenerate or turn it off. */
export function MfaSection() {
  const status = trpc.mfa.status.useQuery();
  const [freshCodes, setFreshCodes] = useState<Codes | null>(null);

  return (
    <section className="card" aria-labelledby="mfa-heading">
      <h2 id="mfa-heading">Two-step verification</h2>
      {status.error ? <ProblemAlert problem={problemOf(status.error)} /> : null}
      {!status.data ? (
        <Skeleton lines={2} />
      ) : freshCodes ? (
        <BackupCodesPanel codes={freshCodes} onDone={() => setFreshCodes(null)} />
      ) : status.data.enabled ? (
        <MfaEnabled onNewCodes={setFreshCodes} />
      ) : (
        <MfaEnrolment onEnabled={setFreshCodes} />
      )}
    </section>
  );
}

function MfaEnabled({ onNewCodes }: { onNewCodes: (codes: Codes) => void }) {
  const backup = trpc.mfa.backupCodeStatus.useQuery();
  const utils = trpc.useUtils();
  const regenerate = trpc.mfa.regenerateBackupCodes.useMutation({
    onSuccess: (codes) => {
      void utils.mfa.backupCodeStatus.invalidate();
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
        <button
          type="button"
          disabled={regenerate.isPending}
          onClick={() => {
            if (window.confirm('New backup codes replace all the old ones. Continue?')) regenerate.mutate();
          }}
        >
          Regenerate backup codes
        </button>
      </div>
      <MfaDisableForm />
    </div>
  );
}
