import { systemNow } from '@/server/clock';
import { env } from '@/server/env';

interface SessionTimes {
  expiresAt: Date;
  lastActivityAt: Date;
  revokedAt: Date | null;
}

/** spec: Session timeouts: absolute lifetime always, idle timeout when enabled. */
export function isSessionLive(session: SessionTimes, now = systemNow()): boolean {
  if (session.revokedAt) return false;
  if (session.expiresAt.getTime() <= now.getTime()) return false;
  const config = env();
  if (config.SESSION_IDLE_TIMEOUT_ENABLED) {
    const idleMs = config.SESSION_IDLE_TIMEOUT_HOURS * 3_600_000;
    if (session.lastActivityAt.getTime() + idleMs <= now.getTime()) return false;
  }
  return true;
}
