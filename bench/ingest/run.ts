import { ingestOptionsFromEnv, measureIngest } from './measure';

// End-to-end upload of corpus files against a running server (engines.ts starts one per engine itself):
//   npx tsx bench/ingest/run.ts http://127.0.0.1:3101 [uploads per file, default 40]
// Start that server with RATE_LIMIT_ENABLED=false (the UPLOAD tier allows 20 a minute per key)
// and TRUSTED_PROXIES=127.0.0.1,::1 (logins vary X-Forwarded-For: 3 a minute per address).
// It signs in as the admin (ADMIN_USERNAME / ADMIN_PASSWORD), creates a user and an API key, and
// measures what measure.ts says. Repeated files are stored hidden as duplicates, which is fine here.
// With PROBE_DIR set here and for the server (see server-probe.mjs), the sequential phase also
// gives the server's CPU and event-loop busy milliseconds per upload (cpu ms, loop ms).

measureIngest(
  process.argv[2] ?? 'http://127.0.0.1:3100',
  ingestOptionsFromEnv(Number(process.argv[3] ?? 40), {
    username: process.env.ADMIN_USERNAME ?? 'admin',
    password: process.env.ADMIN_PASSWORD ?? 'Adm1n-Conformance-Pass!',
  }),
).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
