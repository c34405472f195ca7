import { readFileSync } from 'node:fs';

// What a package.json script such as `start` or `import` runs, so a bench can run the same node
// with the same flags and environment under a process of its own (with flags Node refuses in
// NODE_OPTIONS, such as --cpu-prof, or another entry point).

export interface PackageScript {
  /** Node's arguments before the script, in their order (`--import tsx` before what must load after it) */
  nodeArgs: string[];
  /** the script's `NAME=${NAME:-value}` assignments; a value set by the caller wins, as in the shell */
  env: Record<string, string>;
}

export function packageScript(name: string): PackageScript {
  const command = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts[name];
  if (!command) throw new Error(`package.json has no script ${name}`);
  const tokens = command.split(/\s+/);
  const node = tokens.indexOf('node');
  const script = tokens.findIndex((token) => token.startsWith('scripts/'));
  if (node < 0 || script < node) throw new Error(`script ${name} does not run node on scripts/…: ${command}`);
  const env = Object.fromEntries(
    tokens
      .slice(0, node)
      .map((token) => /^([A-Z_]+)=(?:\$\{\1:-(.*)\}|(.*))$/.exec(token))
      .filter((match) => match !== null)
      .map(([, key, fallback, value]) => [key!, value ?? (process.env[key!] || fallback!)]),
  );
  return { nodeArgs: tokens.slice(node + 1, script), env };
}
