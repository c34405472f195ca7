'use client';
import { ProblemAlert } from '../../../_components/problem-alert';
import { ScrollRegion } from '../../../_components/scroll-region';
import { SectionCard } from '../../../_components/section-card';
import { Skeleton } from '../../../_components/skeleton';
import { formatDateTime } from '../../../_lib/dates';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';

/** CONTRACT: Beyond the spec … Integrations: the watched folder and what became of its files. */
export function InboxSection() {
  const inbox = trpc.inbox.get.useQuery(undefined, { refetchInterval: 5_000 });
  return (
    <SectionCard title="Watched folder">
      {inbox.error ? <ProblemAlert problem={problemOf(inbox.error)} /> : null}
      {!inbox.data ? (
        <Skeleton lines={3} />
      ) : (
        <>
          <p className="muted">
            Activity files (.fit, .gpx, .tcx, or any of them .gz) placed in this folder on the server are imported within about{' '}
            {Math.ceil(inbox.data.poll_seconds * 3)} seconds, then moved to <code>done/</code>, or to <code>failed/</code> with the reason beside them. Point
            Syncthing or your watch&apos;s auto-export at it; a file is read once its size stops changing, and <code>.part</code> files are skipped.
          </p>
          <code className="secret" data-testid="inbox-path">
            {inbox.data.path}
          </code>
          {inbox.data.files.length === 0 ? (
            <p className="empty">No files seen yet.</p>
          ) : (
            <ScrollRegion label="Files seen in the watched folder">
              <table data-testid="inbox-files">
                <thead>
                  <tr>
                    <th scope="col">File</th>
                    <th scope="col">Outcome</th>
                    <th scope="col">Seen</th>
                  </tr>
                </thead>
                <tbody>
                  {inbox.data.files.map((f) => (
                    <tr key={`${f.name}-${f.seen_at}`}>
                      <th scope="row">{f.name}</th>
                      <td>
                        <span className={`badge ${f.status === 'done' ? 'ok' : ''}`}>{f.status === 'claimed' ? 'importing' : f.status}</span>{' '}
                        {f.status === 'done' ? `${f.activity_ids.length} ${f.activity_ids.length === 1 ? 'activity' : 'activities'}` : (f.detail ?? '')}
                      </td>
                      <td>{formatDateTime(f.seen_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
        </>
      )}
    </SectionCard>
  );
}
