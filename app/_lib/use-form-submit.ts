'use client';
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { ProblemError, fieldError as fieldErrorOf, problemOf, type Problem } from './problem';

export interface FormSubmit {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  problem: Problem | null;
  pending: boolean;
  /** the last submit succeeded (cleared by the next one) */
  done: boolean;
  fieldError: (field: string) => string | undefined;
  clear: () => void;
}

/**
 * The one submit flow of every form in the app: read the form's fields, run `action`, show the
 * problem it throws (a 422 from `validated`, a tRPC or REST problem, a network error) and clear
 * it on the next try. With `reset`, a successful submit empties the form for the next entry.
 */
export function useFormSubmit(action: (form: FormData) => Promise<unknown>, options: { reset?: boolean } = {}): FormSubmit {
  const [problem, setProblem] = useState<Problem | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);

  async function run(element: HTMLFormElement) {
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
    clear: () => setProblem(null),
  };
}

/** Parses with the service's own schema before sending; a refusal is the same 422 shape the service answers. */
export function validated<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((i) => ({ field: String(i.path[0] ?? ''), message: i.message }));
  throw new ProblemError({ status: 422, detail: 'Please check the highlighted fields.', errors });
}

/** A text field of the form, trimmed; empty as null. */
export function textOrNull(form: FormData, name: string): string | null {
  const value = String(form.get(name) ?? '').trim();
  return value || null;
}
