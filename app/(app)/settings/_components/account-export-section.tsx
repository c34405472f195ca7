'use client';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { startAccountExportInput } from '@/server/services/account-export/schemas';
import { JobProgress } from '../../../_components/job-progress';
import { ProblemAlert } from '../../../_components/problem-alert';
import { problemFrom, problemOf, type Problem } from '../../../_lib/problem';
import { authHeaders } from '../../../_lib/session-store';
import { trpc } from '../../../_lib/trpc';
import { useFormats } from '../../../_lib/use-formats';
import { useMe } from '../../../_lib/use-me';
import { StepUpFields, stepUpProofFrom } from './step-up-fields';

// CONTRACT: Account export: the whole account as a Strava-layout zip. Starting it needs the API-key step-up; the
// job's progress is the shared JobProgress view; the zip is fetched with the access token (a plain
// link would carry none) and handed to the browser as a file.

function ExportDownload({ jobId }: { jobId: string }) {
  const t = useTranslations('settings.export');
  const f = useFormats();
  const record = trpc.accountExport.get.useQuery(
    { id: jobId },
    { refetchInterval: (query) => (query.state.data && ['succeeded', 'failed'].includes(query.state.data.status) ? false : 1_000) },
  );
  const [problem, setProblem] = useState<Problem | null>(null);
  const url = record.data?.download_url;
  if (!url) return record.data?.status === 'succeeded' ? <p className="muted">{t('expired')}</p> : null;

  async function save() {
    setProblem(null);
    const res = await fetch(url!, { headers: authHeaders() });
    if (!res.ok) return setProblem(await problemFrom(res));
    const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'stride-export.zip';
    const href = URL.createObjectURL(await res.blob());
    Object.assign(document.createElement('a'), { href, download: name }).click();
    URL.revokeObjectURL(href);
  }

  return (
    <div className="stack">
      <div className="row">
        <button type="button" className="primary" onClick={() => void save()} data-testid="export-download">
          {t('download')}
        </button>
        <span className="muted small">{t('until', { time: f.dateTime(record.data!.expires_at) })}</span>
      </div>
      <ProblemAlert problem={problem} />
    </div>
  );
}

export function AccountExportSection() {
  const t = useTranslations('settings.export');
  const { me } = useMe();
  const latest = trpc.jobs.list.useQuery({ kind: 'account_export', limit: 1 });
  const start = trpc.accountExport.start.useMutation({ onSuccess: () => void latest.refetch() });
  const [problem, setProblem] = useState<Problem | null>(null);
  const mfa = me.data?.mfa_enabled ?? false;
  const jobId = start.data?.job_id ?? latest.data?.[0]?.id;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = startAccountExportInput.parse(stepUpProofFrom(new FormData(event.currentTarget), mfa));
    setProblem(null);
    try {
      await start.mutateAsync(input);
    } catch (error) {
      setProblem(problemOf(error));
    }
  }

  return (
    <section className="card stack" aria-labelledby="export-heading">
      <h2 id="export-heading">{t('title')}</h2>
      <p className="muted">{t('intro')}</p>
      <form className="stack subtle" onSubmit={submit}>
        <StepUpFields mfa={mfa} problem={problem} />
        <ProblemAlert problem={problem} />
        <div className="row">
          <button type="submit" disabled={start.isPending || !me.data}>
            {start.isPending ? t('starting') : t('start')}
          </button>
        </div>
      </form>
      {jobId ? (
        <>
          <JobProgress jobId={jobId} counts={false} />
          <ExportDownload jobId={jobId} />
        </>
      ) : null}
    </section>
  );
}
