import { database } from '../runtime';

/** Server start: open, migrate and seed the database; a failure stops the process with one line. */
export async function registerServer(): Promise<void> {
  try {
    await database();
  } catch (error) {
    console.error(`Start-up failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
