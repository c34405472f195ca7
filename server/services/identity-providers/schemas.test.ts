import { describe, expect, it } from 'vitest';
import { identityProviderInput, isAllowedProviderUrl } from './schemas';

describe('CONTRACT settled 2026-11-23: issuers are https, except loopback hosts which may be http', () => {
  it('accepts https anywhere and http on 127.0.0.0/8, ::1 and localhost', () => {
    for (const url of [
      'https://login.example.com',
      'https://login.example.com/realms/x',
      'http://127.0.0.1:8080',
      'http://127.10.0.3',
      'http://[::1]:9000',
      'http://localhost:3001/oidc',
    ]) {
      expect(isAllowedProviderUrl(url), url).toBe(true);
    }
  });

  it('refuses http elsewhere, other schemes, credentials in the URL and garbage', () => {
    for (const url of [
      'http://login.example.com',
      'http://10.0.0.1',
      'http://localhost.example.com',
      'http://127.0.0.1.nip.io',
      'ftp://login.example.com',
      'https://user:pw@login.example.com',
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect(isAllowedProviderUrl(url), url).toBe(false);
    }
  });

  it('needs an issuer (discovery) or all three endpoints; slugs are lowercase words with dashes', () => {
    const base = { name: 'Corp', client_id: 'stride' };
    expect(identityProviderInput.safeParse({ ...base, slug: 'corp', issuer_url: 'https://login.example.com' }).success).toBe(true);
    expect(
      identityProviderInput.safeParse({ ...base, slug: 'corp', authorization_endpoint: 'https://a.example/auth', token_endpoint: 'https://a.example/token' })
        .success,
    ).toBe(false);
    expect(
      identityProviderInput.safeParse({
        ...base,
        slug: 'corp',
        authorization_endpoint: 'https://a.example/auth',
        token_endpoint: 'https://a.example/token',
        userinfo_endpoint: 'https://a.example/me',
      }).success,
    ).toBe(true);
    for (const slug of ['Corp', '-corp', 'corp/x', 'corp x', '']) {
      expect(identityProviderInput.safeParse({ ...base, slug, issuer_url: 'https://login.example.com' }).success, slug).toBe(false);
    }
    expect(identityProviderInput.parse({ ...base, slug: 'corp', issuer_url: 'https://login.example.com' })).toMatchObject({
      scopes: 'openid profile email',
      auto_create_users: true,
      enabled: true,
    });
  });
});
