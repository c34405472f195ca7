import type { Problem } from '../_lib/problem';

/** Shows a problem's detail (the same text REST clients get); renders nothing without one. */
export function ProblemAlert({ problem, children }: { problem: Problem | null | undefined; children?: React.ReactNode }) {
  if (!problem) return null;
  return (
    <div className="alert" role="alert">
      <p>{problem.detail}</p>
      {problem.errors?.length ? (
        <ul>
          {problem.errors.map((e) => (
            <li key={`${e.field}:${e.message}`}>{e.message}</li>
          ))}
        </ul>
      ) : null}
      {children}
    </div>
  );
}
