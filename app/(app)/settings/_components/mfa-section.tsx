'use client';
import { useTranslations } from 'next-intl';
import { SectionCard } from '../../../_components/section-card';
import { useState } from 'react';
import { ProblemAlert } from '../../../_components/problem-alert';
import { Skeleton } from '../../../_components/skeleton';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { BackupCodesPanel } from './backup-codes-panel';
import { MfaEnabled } from './mfa-enabled';
import { MfaEnrolment } from './mfa-enrolment';

type Codes = { codes: string[]; created_at: string };

/** Two-step verification: enrol with the QR code, keep backup codes, regenerate or turn it off. */
export function MfaSection() {
  const t = useTranslations('settings.mfa');
  const status = trpc.mfa.status.useQuery();
  const [freshCodes, setFreshCodes] = useState<Codes | null>(null);

  return (
    <SectionCard title={t('title')}>
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
    </SectionCard>
  );
}
