// spec: Scopes table. Tokens carry the scopes of the user's role; admins add the write scopes
// the table marks admin only. API keys carry only activities:upload (spec: Authentication rule 8).

export const SCOPES = [
  'profile',
  'users:read',
  'users:write',
  'gears:read',
  'gears:write',
  'activities:read',
  'activities:write',
  'activities:upload',
  'health:read',
  'health:write',
  'health_targets:read',
  'health_targets:write',
  'sessions:read',
  'sessions:write',
  'server_settings:read',
  'server_settings:write',
  'identity_providers:read',
  'identity_providers:write',
] as const;

export type Scope = (typeof SCOPES)[number];

const ADMIN_ONLY: readonly Scope[] = ['users:write', 'server_settings:write', 'identity_providers:write'];

export const API_KEY_SCOPES: readonly Scope[] = ['activities:upload'];

export function scopesForRole(accessType: 'regular' | 'admin'): Scope[] {
  return accessType === 'admin' ? [...SCOPES] : SCOPES.filter((s) => !ADMIN_ONLY.includes(s));
}
