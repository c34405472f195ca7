import { AppError } from '../errors';
import { logSecurityEvent } from '../log/security-event';

// Refusals an attacker provokes are logged as security events, with the request id the
// log context carries and never with a credential (only the refusal's code and the route).
// Failed logins and lockouts are logged where they are counted (services/auth/lockout.ts).
const SECURITY_CODES = new Set(['csrf_missing', 'csrf_invalid', 'scope_missing', 'step_up_failed']);

export function logSecurityRefusal(error: unknown, where: { path: string; clientAddress?: string }): void {
  if (!(error instanceof AppError) || !error.code || !SECURITY_CODES.has(error.code)) return;
  logSecurityEvent('security_refusal', { code: error.code, path: where.path, client_address: where.clientAddress });
}
