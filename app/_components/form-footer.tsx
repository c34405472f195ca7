'use client';
import type { ReactNode } from 'react';
import type { FormSubmit } from '../_lib/use-form-submit';
import { ProblemAlert } from './problem-alert';

/** The end of every form: its problem, the primary button (busy while sending), a saved note and any other buttons. */
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
  return (
    <>
      <ProblemAlert problem={submit.problem} />
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
