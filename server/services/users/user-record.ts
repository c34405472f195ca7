import type { UserRow } from '@/db/schema';
import type { UserResponse } from './schemas';

/** CONTRACT: Users and first start: the user record on the wire. */
export function userRecord(user: UserRow): UserResponse {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    name: user.name,
    access_type: user.accessType,
    active: user.active,
    mfa_enabled: user.mfaEnabled,
    preferred_units: user.preferredUnits,
    timezone: user.timezone,
    max_heart_rate: user.maxHeartRate,
    birthdate: user.birthdate,
    locale: user.locale,
    created_at: user.createdAt.toISOString(),
  };
}
