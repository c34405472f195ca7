import { AppError } from '@/server/errors';

/** PostgreSQL unique_violation (23505) on username or e-mail → 409, whichever engine raised it. */
export function conflictOnDuplicate(error: unknown): never {
  const code = (error as { code?: string; cause?: { code?: string } })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  if (code === '23505') throw new AppError('conflict', { detail: 'That username or e-mail address is already taken.' });
  throw error;
}
