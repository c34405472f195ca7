import { describe, expect, it } from 'vitest';
import { endpointPolicies, endpointRule, tierPolicies, tierRule, WINDOW_SECONDS } from './policies';

describe('spec Limits "Rate limits": the policy table', () => {
  it('has the five tiers with their per-minute limits', () => {
    const limits = Object.fromEntries(Object.entries(tierPolicies).map(([tier, p]) => [tier, p.perMinute]));
    expect(limits).toEqual({ DEFAULT: 120, WRITE: 30, SENSITIVE: 10, UPLOAD: 20, PROVIDER_SYNC: 6 });
  });

  it('has the per-endpoint authentication limits (per IP)', () => {
    const limits = Object.fromEntries(Object.entries(endpointPolicies).map(([name, p]) => [name, p.perMinute]));
    expect(limits).toEqual({
      login: 3,
      mfa_verify: 3,
      idp_login: 10,
      idp_callback: 10,
      token_exchange: 10,
      idp_link: 10,
    });
  });

  it('counts every limit over one minute', () => {
    expect(WINDOW_SECONDS).toBe(60);
    expect(tierRule('UPLOAD')).toEqual({ name: 'tier:UPLOAD', limit: 20, windowSeconds: 60 });
    expect(endpointRule('login')).toEqual({ name: 'endpoint:login', limit: 3, windowSeconds: 60 });
  });

  it('"Session token exchange (both paths)": both exchange paths are one policy', () => {
    expect(endpointPolicies.token_exchange.appliesTo).toContain('/session/{session_id}/tokens');
    expect(endpointPolicies.token_exchange.appliesTo).toContain('/public/idp/session/{session_id}/tokens');
  });

  it('tier and endpoint counters never share a store key', () => {
    const names = [
      ...Object.keys(tierPolicies).map((t) => tierRule(t as keyof typeof tierPolicies).name),
      ...Object.keys(endpointPolicies).map((e) => endpointRule(e as keyof typeof endpointPolicies).name),
    ];
    expect(new Set(names).size).toBe(names.length);
  });
});
