// spec: Authentication rule 11, and CONTRACT: Single sign-on (settled 2026-11-23). An SSO
// `redirect` is a relative path (query allowed) or a URI of a custom scheme listed in
// ALLOWED_REDIRECT_SCHEMES. Everything else is refused, before anything is stored.

export type SsoRedirect = { kind: 'path'; value: string } | { kind: 'custom'; value: string };

const MAX_LENGTH = 2048;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
// schemes that are never an app's own, whatever the configuration says
const NEVER = new Set(['http', 'https', 'data', 'javascript', 'vbscript', 'file', 'blob', 'about', 'ftp', 'ws', 'wss']);

export class RedirectRefused extends Error {
  constructor(reason: string) {
    super(`redirect refused: ${reason}`);
    this.name = 'RedirectRefused';
  }
}

/** Percent-decoding until stable (at most 3 rounds), so %2e%2e and %252e%252e are seen too. */
function decoded(value: string): string[] {
  const forms = [value];
  let current = value;
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      break;
    }
    if (next === current) break;
    forms.push(next);
    current = next;
  }
  return forms;
}

function hasTraversal(form: string): boolean {
  const path = form.split(/[?#]/, 1)[0]!;
  return path.split(/[/\\]/).some((segment) => segment === '..');
}

/** Returns the accepted redirect, or throws RedirectRefused saying why. */
export function validateSsoRedirect(raw: string, allowedSchemes: readonly string[]): SsoRedirect {
  if (raw.length === 0 || raw.length > MAX_LENGTH) throw new RedirectRefused('empty or longer than 2048 characters');
  for (const form of decoded(raw)) {
    if (CONTROL.test(form)) throw new RedirectRefused('control characters');
    if (hasTraversal(form)) throw new RedirectRefused('".." segments');
    if (form.includes('\\')) throw new RedirectRefused('backslashes');
  }
  if (raw.startsWith('/')) {
    // "//host" and "/\host" are other origins to a browser
    for (const form of decoded(raw)) if (form.startsWith('//')) throw new RedirectRefused('protocol-relative URL');
    return { kind: 'path', value: raw };
  }
  const scheme = SCHEME.exec(raw)?.[1]?.toLowerCase();
  if (!scheme) throw new RedirectRefused('not a path starting with one "/"');
  if (NEVER.has(scheme)) throw new RedirectRefused(`${scheme}: URLs`);
  if (!allowedSchemes.map((s) => s.toLowerCase()).includes(scheme)) throw new RedirectRefused(`the scheme "${scheme}" is not in ALLOWED_REDIRECT_SCHEMES`);
  return { kind: 'custom', value: raw };
}

/**
 * CONTRACT: Single sign-on (settled 2026-11-25): custom schemes only in mobile flows; a web flow
 * keeps a redirect only when `new URL(redirect, PUBLIC_URL)` has PUBLIC_URL's origin (else
 * `stride-app:@evil.example/` appended to PUBLIC_URL would send the browser to another host).
 */
export function validateSsoRedirectFor(clientType: 'web' | 'mobile', raw: string, allowedSchemes: readonly string[], publicUrl: string): string {
  const checked = validateSsoRedirect(raw, allowedSchemes);
  if (clientType === 'mobile') return checked.value;
  if (checked.kind === 'custom') throw new RedirectRefused('custom schemes are accepted only in mobile sign-in');
  if (!isSameOriginPath(checked.value, publicUrl)) throw new RedirectRefused("not a path of this site's origin");
  return checked.value;
}

/** True when the path, resolved against PUBLIC_URL, stays on PUBLIC_URL's origin. */
export function isSameOriginPath(path: string, publicUrl: string): boolean {
  try {
    return path.startsWith('/') && new URL(path, publicUrl).origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}
