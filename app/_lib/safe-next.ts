// Where sign-in sends the user afterwards. The value is resolved the way the browser
// will resolve it, against the app's own origin, and only a target on that same origin is kept;
// control characters are refused first (the URL parser silently drops tab and newline, which is
// how "/\t/evil.example" became "//evil.example").
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

function appOrigin(): string {
  return typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
}

/** A same-origin path (path, query and fragment) to go to after sign-in, else the fallback. */
export function safeNext(value: string | null | undefined, fallback = '/dashboard', origin = appOrigin()): string {
  if (!value || CONTROL.test(value)) return fallback;
  let target: URL;
  try {
    target = new URL(value, origin);
  } catch {
    return fallback;
  }
  // "//host" as a path would be read as another origin when navigated to
  if (target.origin !== origin || target.pathname.startsWith('//') || target.pathname.startsWith('/sign-in')) return fallback;
  return target.pathname + target.search + target.hash;
}
