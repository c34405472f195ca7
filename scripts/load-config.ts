import { join } from 'node:path';
import { ensureSecretKeyFile, SECRET_KEY_FILE } from '../server/process-claim/secret-key-file';
import { ConfigError, parseEnv, type Env } from '../server/env';

/**
 * The configuration of a command-line entry point (`npm start`, `npm run import`): creates the
 * embedded default's secret key on a new data directory, and stops with one clear line on a bad
 * value.
 */
export function loadConfig(): Env {
  const raw = process.env;
  if (!raw.SECRET_KEY && !raw.DATABASE_URL) {
    const dataDir = raw.DATA_DIR || './data';
    if (ensureSecretKeyFile(dataDir)) {
      console.log(`Generated a 256-bit SECRET_KEY in ${join(dataDir, SECRET_KEY_FILE)} (mode 0600). Back it up with the data directory.`);
    }
  }
  try {
    return parseEnv(raw);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
