import type { SessionRow } from './session-row';
import type { SessionResponse } from './schemas';

/** CONTRACT: Tokens and sessions: the session record; `current` marks the caller's own. */
export function sessionRecord(session: SessionRow, currentSessionId: string | undefined): SessionResponse {
  return {
    id: session.id,
    user_id: session.userId,
    ip_address: session.ipAddress,
    user_agent: session.userAgent,
    device_type: session.deviceType,
    browser: session.browser,
    operating_system: session.operatingSystem,
    client_type: session.clientType,
    created_at: session.createdAt.toISOString(),
    last_activity_at: session.lastActivityAt.toISOString(),
    expires_at: session.expiresAt.toISOString(),
    rotation_count: session.rotationCount,
    current: session.id === currentSessionId,
  };
}
