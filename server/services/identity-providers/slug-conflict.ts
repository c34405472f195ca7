import { AppError } from '@/server/errors';

/** PostgreSQL unique_violation (23505) on the slug → 409, whichever engine raised it. */
export function conflictOnDuplicateSlug(error: unknown): never {
  const code = (error as { code?: string })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  if (code === '23505') throw new AppError('conflict', { detail: 'Another identity provider already uses that slug.' });
  throw error;
}
