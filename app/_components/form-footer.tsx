'use client';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { leadOfFieldProblem } from '../_lib/field-errors';
import type { FormSubmit } from '../_lib/use-form-submit';
import { ProblemAlert } from './problem-alert';

/** The end of every form: its problem (each refused field named by its label), the primary button (busy while sending), a saved note and any other buttons. */
export function FormFooter({
  submit,
  label,
  pendingLabel,
  doneText,
  disabled,
  children,
}: {
  submit: FormSubmit;
  label: string;
  pendingLabel?: string;
  doneText?: string;
  disabled?: boolean;
  children?: ReactNode;
}) {
  const problems = useTranslations('problems');
  return (
    <>
      {/* the field errors once, each named by its field's label (useFormSubmit put them by their fields too) */}
      <ProblemAlert
        problem={submit.problem && submit.fieldMessages.length ? leadOfFieldProblem(submit.problem, problems('validation-failed')) : submit.problem}
      >
        {submit.fieldMessages.length ? (
          <ul data-testid="field-errors">
            {submit.fieldMessages.map((m) => (
              <li key={`${m.field}:${m.text}`}>{m.label ? `${m.label}: ${m.text}` : m.text}</li>
            ))}
          </ul>
        ) : null}
      </ProblemAlert>
      <div className="row">
        <button type="submit" className="primary" disabled={submit.pending || disabled}>
          {submit.pending && pendingLabel ? pendingLabel : label}
        </button>
        {children}
        {doneText ? (
          <span role="status" className="muted">
            {submit.done ? doneText : ''}
          </span>
        ) : null}
      </div>
    </>
  );
}
