import { open, readdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { corpusFile } from '../fixtures/corpus';
import { smallGpx } from '../fixtures/clients';
import { createUser, Rest } from '../fixtures/rest';

// A watch connector (Garmin, Polar, Wahoo, Hammerhead download tools) delivering into the watched
// inbox DATA_DIR/imports/<user_id>/inbox/ (server/services/inbox/inbox-folder.ts): it writes a hidden
// ".<name>.part", fsyncs it, closes it and renames it to "<name>" in the same folder, the atomic
// delivery such tools use. Syncthing (Gadgetbridge's auto-export folder shared with the server)
// does the same with ".syncthing.<name>.tmp" (lib/model/sharedpullerstate.go: a temporary name in
// the folder, then a rename). The folder path is the one Settings → Integrations shows (GET /profile/inbox).

interface Inbox {
  path: string;
  files: { name: string; status: string; activity_ids: number[] }[];
}

async function deliver(folder: string, name: string, bytes: Buffer, temporary: string): Promise<void> {
  const part = path.join(folder, temporary);
  const handle = await open(part, 'w');
  // in pieces, as a download arrives, with a pause: the watcher must not read a half-written file
  const half = Math.floor(bytes.length / 2);
  await handle.write(bytes.subarray(0, half));
  await new Promise((r) => setTimeout(r, 1500));
  await handle.write(bytes.subarray(half));
  await handle.sync();
  await handle.close();
  await rename(part, path.join(folder, name));
}

async function importedWithin(owner: Rest, name: string, ms: number): Promise<Inbox['files'][number]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const inbox = (await owner.json<Inbox>('GET', '/profile/inbox')).body;
    const file = inbox.files.find((f) => f.name === name);
    if (file && file.status !== 'claimed') return file;
    if (Date.now() > deadline) throw new Error(`${name} was not imported within ${ms} ms: ${JSON.stringify(inbox.files)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

for (const [connector, temporary] of [
  ['a watch connector (.<name>.part, fsync, rename)', (name: string) => `.${name}.part`],
  ['Syncthing (.syncthing.<name>.tmp, rename)', (name: string) => `.syncthing.${name}.tmp`],
] as const) {
  test(`${connector}: the file is imported exactly once within 10 s and moved to done/`, async () => {
    const user = await createUser('connector');
    const owner = await Rest.signIn(user.username, user.password);
    const inbox = (await owner.json<Inbox>('GET', '/profile/inbox')).body;
    expect(inbox.path.endsWith(path.join('imports', String(user.id), 'inbox'))).toBe(true);

    const fit = corpusFile('fit/garmin_fenix5_walk_tiny.fit');
    const name = connector.startsWith('Syncthing') ? 'Gadgetbridge_2024-05-10.gpx' : '2024-05-10-07-00-00.fit';
    const bytes = connector.startsWith('Syncthing') ? Buffer.from(smallGpx(new Date('2024-05-10T07:00:00Z'), 'Gadgetbridge')) : fit.buffer;
    const delivered = Date.now();
    await deliver(inbox.path, name, bytes, temporary(name));
    const file = await importedWithin(owner, name, 10_000 - (Date.now() - delivered) + 1500);
    expect(file.status).toBe('done');
    expect(file.activity_ids).toHaveLength(1);

    // exactly once: two more polls later there is still one activity and one inbox entry for it
    await new Promise((r) => setTimeout(r, 7_000));
    const after = (await owner.json<Inbox>('GET', '/profile/inbox')).body;
    expect(after.files.filter((f) => f.name === name)).toHaveLength(1);
    expect((await owner.json<{ total: number }>('GET', '/activities')).body.total).toBe(1);
    expect(await readdir(path.join(inbox.path, 'done'))).toContain(name);
    expect((await readdir(inbox.path)).filter((n) => n.includes(name))).toEqual([]);
  });
}
