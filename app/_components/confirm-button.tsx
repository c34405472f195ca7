'use client';
import { useTranslations } from 'next-intl';
import { useRef, useState, type ReactNode } from 'react';
import { problemOf, type Problem } from '../_lib/problem';
import { ProblemAlert } from './problem-alert';

interface Props {
  /** the button's text; `ariaLabel` names it when the text alone is ambiguous (rows of a table) */
  label: string;
  ariaLabel?: string;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  /** runs on confirmation; a thrown problem is shown in the dialog, which then stays open */
  onConfirm: () => Promise<unknown>;
  danger?: boolean;
  disabled?: boolean;
}

/**
 * A button that asks first, in a modal <dialog>: focus moves into it and returns after, Escape
 * cancels, and a failure is shown where the question was asked (window.confirm can do neither).
 */
export function ConfirmButton({ label, ariaLabel, title, children, confirmLabel, onConfirm, danger = true, disabled }: Props) {
  const common = useTranslations('common');
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  function open() {
    dialog.current?.showModal();
    // the safe answer first: Enter right away must not destroy anything
    cancel.current?.focus();
  }

  async function confirm() {
    setPending(true);
    setProblem(null);
    try {
      await onConfirm();
      dialog.current?.close();
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <button type="button" className={danger ? 'danger' : undefined} aria-label={ariaLabel} disabled={disabled} onClick={open}>
        {label}
      </button>
      <dialog ref={dialog} aria-label={title} onClose={() => setProblem(null)}>
        <div className="stack">
          <h2>{title}</h2>
          {children}
          <ProblemAlert problem={problem} />
          <div className="row">
            <button type="button" className={danger ? 'primary danger-fill' : 'primary'} disabled={pending} onClick={() => void confirm()}>
              {confirmLabel}
            </button>
            <button type="button" ref={cancel} onClick={() => dialog.current?.close()}>
              {common('cancel')}
            </button>
          </div>
        </div>
      </dialog>
    </>
  );
}
