import postgres from 'postgres';

/** Runs `work` with the URL of a new database `<prefix>_<pid>` on the server of `adminUrl`, dropped afterwards. */
export async function withPrivatePostgres(adminUrl: string, prefix: string, work: (url: string) => Promise<void>): Promise<void> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const name = `${prefix}_${process.pid}`;
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    await work(url.toString());
  } finally {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end({ timeout: 5 });
  }
}
