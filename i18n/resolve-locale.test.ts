import { describe, expect, it } from 'vitest';
import { matchAcceptLanguage, resolveLocale } from './resolve-locale';

// The language: the profile's choice (its cookie), else the browser's Accept-Language, else English.
describe('resolveLocale', () => {
  it('prefers the chosen language over the browser', () => {
    expect(resolveLocale('it', 'de-DE,de;q=0.9')).toBe('it');
  });
  it('ignores a cookie that names no language of the app', () => {
    expect(resolveLocale('xx', 'fr-CH')).toBe('fr');
  });
  it('falls back to English', () => {
    expect(resolveLocale(undefined, null)).toBe('en');
    expect(resolveLocale(undefined, 'ja,zh;q=0.8')).toBe('en');
  });
});

describe('matchAcceptLanguage', () => {
  it('matches a regional tag to its language and honours q-values over order', () => {
    expect(matchAcceptLanguage('pt-BR')).toBe('pt');
    expect(matchAcceptLanguage('ja;q=0.9, nl;q=0.5, es;q=0.7')).toBe('es');
    expect(matchAcceptLanguage('de;q=0, fr;q=0.1')).toBe('fr');
    expect(matchAcceptLanguage('*')).toBeNull();
  });
});
