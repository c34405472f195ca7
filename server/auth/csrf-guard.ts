import { safeEqual, sha256Hex } from './hash';
import { AppError } from '../errors';

/** Web sessions: X-CSRF-Token must equal the session's token (stored hashed, compared in constant time). */
export function assertCsrf(expectedHash: string | null | undefined, header: string | null): void {
  if (!header) throw new AppError('permission_denied', { code: 'csrf_missing', detail: 'The X-CSRF-Token header is missing.' });
  if (!expectedHash || !safeEqual(sha256Hex(header), expectedHash)) {
    throw new AppError('permission_denied', { code: 'csrf_invalid', detail: 'The X-CSRF-Token header does not match this session.' });
  }
}
