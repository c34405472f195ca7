import { readFile } from 'node:fs/promises';
import path from 'node:path';

// Issue 51: docs/clients.md (which apps work with Stride and how to point them at it), linked from
// Settings → Integrations. Public, as the README it belongs beside; served as the text it is.
export async function GET(): Promise<Response> {
  const text = await readFile(path.join(process.cwd(), 'docs', 'clients.md'), 'utf8');
  return new Response(text, { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=300' } });
}
