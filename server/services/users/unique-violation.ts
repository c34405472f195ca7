import { AppError } from '@/server/errors';

/** PostgreSQL unique_violation (23505), whichever engine (postgres.js or PGlite) raised it. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return (e?.code ?? e?.cause?.code) === '23505';
}

/** A unique violation on username or e-mail → 409. */
export function conflictOnDuplicate(error: unknown): never {
  if (isUniqueViolation(error)) throw new AppError('conflict', { detail: 'That username or e-mail address is already taken.' });
  throw error;
}
