import { AppError } from '@/server/errors';

const UNIQUE_VIOLATION = '23505';

function causeCode(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** A nickname clash on the unique index becomes 409 (CONTRACT: nickname unique per user). */
export async function withUniqueNickname<T>(nickname: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (causeCode(error) === UNIQUE_VIOLATION) {
      throw new AppError('conflict', { detail: `You already have gear named "${nickname}".` });
    }
    throw error;
  }
}
