'use client';
import { useLocale } from 'next-intl';
import type { Problem } from '../_lib/problem';
import { useProblemMessage } from '../_lib/problem-message';

/** Shows a problem: its detail in English, the catalogue's message for its type/code otherwise. */
export function ProblemAlert({ problem, children }: { problem: Problem | null | undefined; children?: React.ReactNode }) {
  const message = useProblemMessage();
  const locale = useLocale();
  if (!problem) return null;
  // field messages come from the service in English: listed only where they match the page
  const fieldErrors = locale === 'en' ? problem.errors : null;
  return (
    <div className="alert" role="alert">
      <p>{message(problem)}</p>
      {fieldErrors?.length ? (
        <ul>
          {fieldErrors.map((e) => (
            <li key={`${e.field}:${e.message}`}>{e.message}</li>
          ))}
        </ul>
      ) : null}
      {children}
    </div>
  );
}
