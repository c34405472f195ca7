import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeZip } from '../../server/formats/archive/test-support/zip-writer';
import { CORPUS_DIR, E2E_BASE_URL, SERVER_STATE_FILE } from '../fixtures/server-config';
import { expect, signIn, test } from '../fixtures/test';

// `npm run import` while `npm start` holds the embedded database of the same DATA_DIR:
// the CLI hands the job to the server, prints the counts, and the activity is there once.
test('the import CLI hands its job to the running server on the same data directory', async ({ page, user }) => {
  const { dataDir } = JSON.parse(readFileSync(SERVER_STATE_FILE, 'utf8')) as { dataDir: string };
  const zip = join(mkdtempSync(join(tmpdir(), 'stride-e2e-cli-')), 'export.zip');
  await writeZip(zip, [
    {
      name: 'activities.csv',
      data: Buffer.from(
        'Activity ID,Activity Date,Activity Name,Activity Type,Activity Description,Activity Gear,Filename,Media\n' +
          '6161,"Dec 1, 2015, 8:11:32 PM",Imported From The Shell,Run,,,activities/6161.gpx,\n',
      ),
    },
    { name: 'activities/6161.gpx', data: readFileSync(join(CORPUS_DIR, 'gpx/strava_export_run_hr_cad_temp.gpx')) },
  ]);
  // the CLI needs a configuration to start; the server's SECRET_KEY is not used by a hand-off
  const cliEnv = { ...process.env, DATA_DIR: dataDir, SECRET_KEY: randomBytes(32).toString('base64url'), DATABASE_URL: '' };
  const importOnce = () =>
    spawnSync('npm', ['run', '--silent', 'import', '--', '--user', user.username, zip], { env: cliEnv, encoding: 'utf8', timeout: 120_000 });

  const first = importOnce();
  expect(first.stderr).not.toContain('PGlite');
  expect(first.status).toBe(0);
  expect(first.stdout).toMatch(/The server \(pid \d+\) holds this data directory's database: handing the import to it\./);
  expect(first.stdout).toContain('Done: 1 created, 0 skipped, 0 failed.');
  const second = importOnce();
  expect(second.status).toBe(0);
  expect(second.stdout).toContain('Done: 0 created, 1 skipped, 0 failed.');

  await signIn(page, user);
  await expect(page.getByRole('link', { name: 'Imported From The Shell' })).toHaveCount(1);

  // the real server: a wrong secret is a 401 problem; the endpoint is not in the REST contract
  const refused = await fetch(`${E2E_BASE_URL}/api/internal/archive-imports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-stride-internal-secret': 'wrong', 'x-stride-peer': '127.0.0.1' },
    body: JSON.stringify({ user: user.username, path: zip }),
  });
  expect(refused.status).toBe(401);
  expect(refused.headers.get('content-type')).toBe('application/problem+json');
  const document = (await (await fetch(`${E2E_BASE_URL}/api/v1/openapi.json`)).json()) as { paths: Record<string, unknown> };
  expect(Object.keys(document.paths).filter((p) => p.includes('internal'))).toEqual([]);
});
