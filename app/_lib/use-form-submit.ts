'use client';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { fieldNames, fieldReason, type FieldProblem } from './field-errors';
import { intlTag } from './locale-format';
import { LOCAL_PROBLEM } from './problem-message';
import { ProblemError, fieldError as fieldErrorOf, problemOf, validationProblem, type Problem } from './problem';

/** A refused field's message as the form shows it: its label and why, in the person's language. */
export interface FieldMessage {
  field: string;
  /** the field's label on the page, or empty when the form has no such field */
  label: string;
  text: string;
}

export interface FormSubmit {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  problem: Problem | null;
  pending: boolean;
  /** the last submit succeeded (cleared by the next one) */
  done: boolean;
  fieldError: (field: string) => string | undefined;
  /** the problem's field errors, each with its field's label and a message in the person's language */
  fieldMessages: FieldMessage[];
  clear: () => void;
}

const MARK = 'data-field-error';

/** The label a person reads for a form control: its <label>'s first text (the caption span), else its aria-label. */
function labelOf(control: HTMLElement): string {
  const label = control.closest('label') ?? (control.id ? control.ownerDocument.querySelector(`label[for="${control.id}"]`) : null);
  const caption = label?.querySelector('span, legend') ?? label;
  return (caption?.textContent ?? control.getAttribute('aria-label') ?? '').trim();
}

function controlOf(form: HTMLFormElement, error: FieldProblem): HTMLElement | null {
  for (const name of fieldNames(error.field)) {
    const item = form.elements.namedItem(name);
    const control = item instanceof RadioNodeList ? (item[0] as HTMLElement | undefined) : item;
    if (control instanceof HTMLElement && !(control instanceof HTMLInputElement && control.type === 'hidden')) return control;
  }
  return null;
}

/** Takes back the marks of the last refusal: messages, aria-invalid and aria-describedby set by markFields. */
function unmark(form: HTMLFormElement): void {
  for (const message of form.querySelectorAll(`.field-error[${MARK}]`)) message.remove();
  for (const control of form.querySelectorAll<HTMLElement>(`[${MARK}]`)) {
    control.removeAttribute('aria-invalid');
    const described = (control.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id && !id.startsWith('field-error-'));
    if (described.length) control.setAttribute('aria-describedby', described.join(' '));
    else control.removeAttribute('aria-describedby');
    control.removeAttribute(MARK);
  }
}

let nextId = 0;

/**
 * The one submit flow of every form in the app: read the form's fields, run `action`, show the
 * problem it throws (a 422 from `validated`, a tRPC or REST problem, a network error) and clear
 * it on the next try. With `reset`, a successful submit empties the form for the next entry.
 * A 422's field errors are put on the form's fields of those names (issue 50): aria-invalid, the
 * message beside the field (its aria-describedby), focus on the first; FormFooter lists them too.
 */
export function useFormSubmit(action: (form: FormData) => Promise<unknown>, options: { reset?: boolean } = {}): FormSubmit {
  const [problem, setProblem] = useState<Problem | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const [fieldMessages, setFieldMessages] = useState<FieldMessage[]>([]);
  const formRef = useRef<HTMLFormElement | null>(null);
  const t = useTranslations('formErrors');
  const locale = useLocale();

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    unmark(form);
    const messages: FieldMessage[] = [];
    let first: HTMLElement | null = null;
    for (const error of problem?.errors ?? []) {
      const reason = fieldReason(error);
      // the form's own findings (LOCAL_PROBLEM) are written in the person's language already
      const text =
        problem?.code === LOCAL_PROBLEM
          ? error.message
          : reason.key === 'service'
            ? locale === 'en'
              ? reason.message
              : t('service')
            : 'limit' in reason
              ? t(reason.key, { limit: reason.limit.toLocaleString(intlTag(locale)) })
              : t(reason.key);
      const control = controlOf(form, error);
      if (!control) {
        messages.push({ field: error.field, label: '', text });
        continue;
      }
      messages.push({ field: error.field, label: labelOf(control), text });
      if (control.hasAttribute(MARK)) continue; // one message a field
      const note = form.ownerDocument.createElement('span');
      note.id = `field-error-${(nextId += 1)}`;
      note.className = 'field-error';
      note.setAttribute(MARK, '');
      note.textContent = text;
      control.insertAdjacentElement('afterend', note);
      control.setAttribute(MARK, '');
      control.setAttribute('aria-invalid', 'true');
      control.setAttribute('aria-describedby', [control.getAttribute('aria-describedby'), note.id].filter(Boolean).join(' '));
      first ??= control;
    }
    setFieldMessages(messages);
    first?.focus();
  }, [problem, t, locale]);

  async function run(element: HTMLFormElement) {
    formRef.current = element;
    setProblem(null);
    setDone(false);
    setPending(true);
    try {
      await action(new FormData(element));
      if (options.reset) element.reset();
      setDone(true);
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setPending(false);
    }
  }

  return {
    onSubmit: (event) => {
      event.preventDefault();
      if (!pending) void run(event.currentTarget);
    },
    problem,
    pending,
    done,
    fieldError: (field) => fieldErrorOf(problem, field),
    fieldMessages: problem ? fieldMessages : [],
    clear: () => setProblem(null),
  };
}

/** Parses with the service's own schema before sending; a refusal is the same 422 shape the service answers. */
export function validated<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new ProblemError(validationProblem(parsed.error.issues));
}

/** A text field of the form, trimmed; empty as null. */
export function textOrNull(form: FormData, name: string): string | null {
  const value = String(form.get(name) ?? '').trim();
  return value || null;
}
