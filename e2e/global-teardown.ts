import { existsSync, readFileSync, rmSync } from 'node:fs';
import { SERVER_STATE_FILE } from './fixtures/server-config';

/** Stops the server process group started by global-setup (by its id) and removes its data. */
export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __strideE2eIdp?: { close(): Promise<void> } }).__strideE2eIdp?.close();
  if (!existsSync(SERVER_STATE_FILE)) return;
  const { pid, dataDir } = JSON.parse(readFileSync(SERVER_STATE_FILE, 'utf8')) as { pid: number; dataDir: string };
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    // already gone
  }
  for (let i = 0; i < 50; i++) {
    try {
      process.kill(-pid, 0);
      await new Promise((r) => setTimeout(r, 100));
    } catch {
      break;
    }
  }
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // stopped cleanly
  }
  rmSync(SERVER_STATE_FILE, { force: true });
  if (dataDir && process.env.E2E_KEEP_DATA !== '1') rmSync(dataDir, { recursive: true, force: true });
}
