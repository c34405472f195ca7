/** Only same-site relative paths may be returned to after sign-in (no `//host`, no schemes). */
export function safeNext(value: string | null | undefined, fallback = '/activities'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\') || value.startsWith('/sign-in')) return fallback;
  return value;
}
