import { z } from 'zod';
import type { Db } from '@/db/client';
import { AppError } from '@/server/errors';
import { rowId } from '@/server/util/row-id';
import type { SessionRead } from '../sessions/session-row';

// A read of the signed-in caller's own data, declared once in its domain's reads.ts and run by
// both transports (run-read.ts): REST declares `read:` on its GET route (server/http/define-route),
// tRPC has `readProcedure(tier, read)` (server/trpc/init). Either way the read, or the answer kept
// for it, comes with the session check's own statement.

/** The input of a read of one thing by its row id (REST maps the path's id onto it with `readInput`). */
export const byIdInput = z.object({ id: rowId });

/**
 * An answer as the transports take it: its JSON text, which REST sends as it is, and its value
 * when it was made in Node, which tRPC returns. An answer written by the database has only the
 * text; tRPC reads it back through the read's response schema.
 */
export interface Answer<R> {
  json: string;
  value?: R;
  /** the version its ETag names (an activity) */
  version?: number;
}

/** A value made in Node as an answer (its JSON written once: a kept answer is sent as it is). */
export function answerOf<R>(value: R): Answer<R> {
  return { json: JSON.stringify(value), value };
}

/** `I`: the input as the read takes it; `In`: as the caller sends it (before defaults and coercion) */
export interface ReadSpec<I, R, In = I> {
  /** one per read (the reads test): it names the read's kept answers */
  name: string;
  /** what the caller asks (REST's query unless the route maps its path, tRPC's input); none when it asks nothing */
  input?: z.ZodType<I, In>;
  response: z.ZodType<R>;
  /** the answer for user `userId`; null when there is no such thing (then `missing`) */
  byUser: (db: Db, userId: number, input: I) => Promise<Answer<R> | null>;
  /**
   * the answer read by the session check's own statement (SessionRead), when the read has a
   * statement of its own; without it a kept read comes with the check's version, an unkept one after it
   */
  withSession?: (input: I) => SessionRead<Answer<R> | null>;
  /**
   * kept in this process under the version of the caller's activities read with the session
   * check (run-read.ts); `dependsOnToday`: an answer that follows today is kept per quarter hour too
   */
  keep?: true | { dependsOnToday: true };
  /** the error for a null answer; default a 404 */
  missing?: () => AppError;
}

export type Read<I, R, In = I> = Readonly<Required<Pick<ReadSpec<I, R, In>, 'name' | 'response' | 'byUser' | 'missing'>> & Omit<ReadSpec<I, R, In>, 'missing'>>;

/** Any read, for the lists that hold reads of every shape (the reads test, route metadata). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRead = Read<any, any>;

const noSuchResource = () => new AppError('not_found', { detail: 'No such resource.' });

export function defineRead<I = undefined, R = unknown, In = I>(spec: ReadSpec<I, R, In>): Read<I, R, In> {
  return Object.freeze({ missing: noSuchResource, ...spec });
}
