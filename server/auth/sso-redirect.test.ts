import { describe, expect, it } from 'vitest';
import { isSameOriginPath, validateSsoRedirect, validateSsoRedirectFor } from './sso-redirect';

const allowed = ['stride-app'];
const accept = (value: string) => validateSsoRedirect(value, allowed);

describe('spec: Authentication rule 11 (SSO redirect values)', () => {
  it('accepts relative paths, with a query string', () => {
    expect(accept('/activities')).toEqual({ kind: 'path', value: '/activities' });
    expect(accept('/activities?type=run&page=2')).toEqual({ kind: 'path', value: '/activities?type=run&page=2' });
    expect(accept('/')).toEqual({ kind: 'path', value: '/' });
    expect(accept('/a..b/c.d')).toEqual({ kind: 'path', value: '/a..b/c.d' });
  });

  it('accepts a custom scheme only when ALLOWED_REDIRECT_SCHEMES lists it (any case)', () => {
    expect(accept('stride-app://callback')).toEqual({ kind: 'custom', value: 'stride-app://callback' });
    expect(accept('STRIDE-APP://callback?x=1')).toEqual({ kind: 'custom', value: 'STRIDE-APP://callback?x=1' });
    expect(() => accept('other-app://callback')).toThrow(/ALLOWED_REDIRECT_SCHEMES/);
    expect(() => validateSsoRedirect('stride-app://callback', [])).toThrow(/ALLOWED_REDIRECT_SCHEMES/);
  });

  it('refuses external http(s) URLs, data: and javascript:, even if listed', () => {
    for (const value of [
      'https://evil.example/',
      'http://evil.example',
      'HTTPS://evil.example',
      'data:text/html,x',
      'javascript:alert(1)',
      'JavaScript:alert(1)',
    ]) {
      expect(() => validateSsoRedirect(value, ['http', 'https', 'data', 'javascript'])).toThrow();
    }
  });

  it('refuses protocol-relative and backslash forms', () => {
    for (const value of ['//evil.example', '//evil.example/path', '/\\evil.example', '/%2fevil.example', '/%5cevil.example', '\\\\evil.example']) {
      expect(() => accept(value), value).toThrow();
    }
  });

  it('refuses ".." segments, also percent-encoded (once or twice)', () => {
    for (const value of ['/../admin', '/a/../../b', '/a/..', '/%2e%2e/admin', '/%2E%2E/admin', '/a/%252e%252e/b', '/a/.%2e/b', '/a/..?x=1']) {
      expect(() => accept(value), value).toThrow(/\.\./);
    }
  });

  it('refuses control characters, raw or percent-encoded', () => {
    for (const value of ['/a\nb', '/a\rLocation: x', '/a\tb', '/a%0d%0aSet-Cookie:x', '/a%00', '/a\u0085']) {
      expect(() => accept(value), JSON.stringify(value)).toThrow(/control/);
    }
  });

  it('refuses anything that does not start with one "/": bare words, hosts, empty, too long', () => {
    for (const value of ['activities', 'evil.example', './activities', '', '/' + 'a'.repeat(2048)]) {
      expect(() => accept(value), value).toThrow();
    }
  });
});

describe('CONTRACT: Single sign-on (settled 2026-11-25): web redirects stay on PUBLIC_URL', () => {
  const PUBLIC = 'http://127.0.0.1:3000';

  it('a web flow refuses custom schemes that a mobile flow accepts', () => {
    for (const value of ['stride-app:@evil.example/', 'stride-app://callback', 'STRIDE-APP:@evil.example']) {
      expect(() => validateSsoRedirectFor('web', value, allowed, PUBLIC), value).toThrow(/mobile/);
      expect(validateSsoRedirectFor('mobile', value, allowed, PUBLIC)).toBe(value);
    }
  });

  it('a web flow keeps a path only when it resolves to the origin of PUBLIC_URL', () => {
    expect(validateSsoRedirectFor('web', '/activities?type=run', allowed, PUBLIC)).toBe('/activities?type=run');
    // what the browser would build from PUBLIC_URL and the value, checked independently
    for (const value of ['/activities', '/a/b?c=d#e', '/']) {
      expect(new URL(PUBLIC + value).origin).toBe(PUBLIC);
      expect(isSameOriginPath(value, PUBLIC)).toBe(true);
    }
    for (const value of ['stride-app:@evil.example/', '//evil.example/', 'evil.example', '']) expect(isSameOriginPath(value, PUBLIC), value).toBe(false);
  });
});
