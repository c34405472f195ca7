import { AppError } from '../errors';
import { isAdmin, type AuthContext } from '@/server/auth/auth-context';

export function requireAdmin(auth: AuthContext): void {
  if (!isAdmin(auth)) throw new AppError('permission_denied', { detail: 'Insufficient permissions: this needs an administrator.' });
}
