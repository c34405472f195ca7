import { validationError } from '../errors';

// PostgreSQL text cannot hold U+0000, and a NUL that reached a statement was a 500 whose
// log line carried the statement's parameters. Every decoded body, query and tRPC input is walked
// once: a NUL anywhere (a key or a string value) is a 422 naming the member.

function pointerOfNul(value: unknown, pointer: string, depth: number): string | null {
  if (typeof value === 'string') return value.includes('\0') ? pointer : null;
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  for (const [key, member] of Object.entries(value)) {
    const at = `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    if (key.includes('\0')) return at;
    const found = pointerOfNul(member, at, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** Throws a 422 naming the first member (JSON pointer under `root`) that holds a NUL character. */
export function assertNoNulBytes(value: unknown, root = ''): void {
  const field = pointerOfNul(value, root, 0);
  if (field !== null) throw validationError([{ field, message: 'Text must not contain the NUL character (U+0000).' }]);
}
