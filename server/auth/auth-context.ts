import type { Scope } from './scopes';

export type ClientType = 'web' | 'mobile';

/** Who is calling: resolved once per request by server/http/authenticate.ts. */
export interface AuthContext {
  userId: number;
  accessType: 'regular' | 'admin';
  scopes: readonly Scope[];
  via: 'access_token' | 'api_key';
  /** set for access tokens */
  sessionId?: string;
  clientType?: ClientType;
  /** set for API keys */
  apiKeyId?: string;
}

export function isAdmin(auth: AuthContext): boolean {
  return auth.accessType === 'admin';
}

/** The rate-limit caller: per session when signed in (or per API key), else per client address. */
export function callerKey(auth: AuthContext | null, address: string): string {
  return auth?.sessionId ? `session:${auth.sessionId}` : auth?.apiKeyId ? `key:${auth.apiKeyId}` : `ip:${address}`;
}
