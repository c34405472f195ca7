import { log } from './logger';

/**
 * A security event: one warn line with `security_event` set, carrying the request id
 * of the log context it runs in. Callers pass facts only: never file content, tokens, passwords
 * or codes.
 */
export function logSecurityEvent(event: string, fields: Record<string, unknown> = {}): void {
  log().warn({ security_event: event, ...fields }, `security event: ${event}`);
}
