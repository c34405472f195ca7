'use client';
import { useLocale, useTranslations } from 'next-intl';
import type en from '@/messages/en.json';
import type { Problem } from './problem';

export type ProblemKey = keyof (typeof en)['problems'];
const URN_PREFIX = 'urn:service:error:';

/** The catalogue entry for a problem: its `code` when the catalogue has one, else its `type`. */
export function problemKey(problem: Problem, known: (key: string) => key is ProblemKey): ProblemKey {
  if (problem.code && known(problem.code)) return problem.code;
  const kind = problem.type?.startsWith(URN_PREFIX) ? problem.type.slice(URN_PREFIX.length) : '';
  if (known(kind)) return kind;
  return problem.status === 0 ? 'network' : 'other';
}

/**
 * The text the web app shows for a problem. Problem documents stay English (the contract's text),
 * so English shows their detail, the most specific wording; other languages show the catalogue's
 * message for the problem's code or type.
 */
export function useProblemMessage(): (problem: Problem) => string {
  const locale = useLocale();
  const t = useTranslations('problems');
  const known = (key: string): key is ProblemKey => t.has(key as ProblemKey);
  return (problem) => (locale === 'en' ? problem.detail : t(problemKey(problem, known)));
}
