import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ArchiveItemError, ArchiveRefused } from './archive-refused';
import { openExportArchive } from './export-archive';
import { writeZip } from './test-support/zip-writer';

const dir = mkdtempSync(join(tmpdir(), 'stride-archive-'));
let counter = 0;
const zipOf = async (entries: Parameters<typeof writeZip>[1]) => {
  const path = join(dir, `a${++counter}.zip`);
  await writeZip(path, entries);
  return path;
};
const file = (name: string, text = 'x') => ({ name, data: Buffer.from(text) });

describe('export archive reader (zip and folder behind one interface)', () => {
  it('lists a zip by its central directory and reads entries on demand, rooted at the folder of activities.csv', async () => {
    const path = await zipOf([file('export_1/activities.csv', 'a,b\n'), file('export_1/activities/1.gpx', '<gpx/>'), file('elsewhere.txt')]);
    const archive = await openExportArchive(path);
    expect(archive.items.map((i) => i.path).sort()).toEqual(['activities.csv', 'activities/1.gpx']);
    expect((await archive.read('activities/1.gpx', 100)).toString()).toBe('<gpx/>');
    await archive.close();
  });

  it('refuses zip-slip, absolute, backslash and nested-archive names as items, and reads the rest', async () => {
    const path = await zipOf([
      file('activities.csv'),
      file('../../etc/passwd'),
      file('/abs/file.gpx'),
      file('activities\\..\\x.gpx'),
      file('media/inner.zip'),
      file('activities/ok.gpx'),
    ]);
    const archive = await openExportArchive(path);
    expect(archive.items.map((i) => i.path).sort()).toEqual(['activities.csv', 'activities/ok.gpx']);
    expect(archive.refused.map((r) => r.item)).toEqual(['../../etc/passwd', '/abs/file.gpx', 'activities\\..\\x.gpx', 'media/inner.zip']);
    expect(archive.refused[0]!.reason).toMatch(/zip slip/);
    await archive.close();
  });

  it('refuses a symlink entry in a zip', async () => {
    const archive = await openExportArchive(
      await zipOf([file('activities.csv'), { name: 'activities/link.gpx', data: Buffer.from('/etc/passwd'), mode: 0o120777 }]),
    );
    expect(archive.refused).toEqual([{ item: 'activities/link.gpx', reason: 'symbolic links are refused' }]);
    await archive.close();
  });

  it('refuses a bomb entry (declared too large, or compressed past the ratio) and never inflates it', async () => {
    const zeros = Buffer.alloc(4 * 1024 * 1024);
    const archive = await openExportArchive(
      await zipOf([file('activities.csv'), { name: 'activities/bomb.gpx', data: zeros }, { name: 'activities/big.fit', data: zeros, method: 'store' }]),
      { maxEntryBytes: 3 * 1024 * 1024 },
    );
    expect(archive.refused.map((r) => r.reason)).toEqual(['the entry inflates to more than 3145728 bytes', 'the entry inflates to more than 3145728 bytes']);
    await archive.close();
    const ratio = await openExportArchive(await zipOf([file('activities.csv'), { name: 'activities/bomb.gpx', data: zeros }]));
    expect(ratio.refused).toEqual([{ item: 'activities/bomb.gpx', reason: 'the entry is compressed like a zip bomb' }]);
    await ratio.close();
  });

  it('refuses the whole archive when it has too many entries or inflates past the total cap', async () => {
    const many = await zipOf(Array.from({ length: 12 }, (_, i) => file(`activities/${i}.gpx`)));
    await expect(openExportArchive(many, { maxEntries: 10 })).rejects.toThrow('The archive holds 12 entries, more than the 10 an export may have.');
    await expect(openExportArchive(many, { maxTotalBytes: 5 })).rejects.toBeInstanceOf(ArchiveRefused);
  });

  it('refuses a file that is not a zip, and a missing path', async () => {
    const junk = join(dir, 'junk.zip');
    writeFileSync(junk, 'not a zip at all, just text');
    await expect(openExportArchive(junk)).rejects.toThrow('The file is not a readable zip archive.');
    await expect(openExportArchive(join(dir, 'nope.zip'))).rejects.toThrow('does not exist');
  });

  it('a read past the cap fails that item only', async () => {
    const archive = await openExportArchive(await zipOf([file('activities.csv'), file('activities/1.gpx', 'y'.repeat(500))]));
    await expect(archive.read('activities/1.gpx', 100)).rejects.toBeInstanceOf(ArchiveItemError);
    await expect(archive.read('activities/none.gpx', 100)).rejects.toThrow('not in the archive');
    await archive.close();
  });

  it('reads an unpacked folder, refuses symlinks in it, and fails only the item of a vanished file', async () => {
    const root = mkdtempSync(join(dir, 'folder-'));
    mkdirSync(join(root, 'export/activities'), { recursive: true });
    writeFileSync(join(root, 'export/activities.csv'), 'h\n');
    writeFileSync(join(root, 'export/activities/1.gpx'), '<gpx/>');
    writeFileSync(join(root, 'export/activities/2.gpx'), '<gpx/>');
    symlinkSync('/etc/passwd', join(root, 'export/activities/link.gpx'));
    const archive = await openExportArchive(root);
    expect(archive.items.map((i) => i.path).sort()).toEqual(['activities.csv', 'activities/1.gpx', 'activities/2.gpx']);
    expect(archive.refused).toEqual([{ item: 'export/activities/link.gpx', reason: 'symbolic links are refused' }]);
    expect((await archive.read('activities/1.gpx', 100)).toString()).toBe('<gpx/>');
    const { rmSync } = await import('node:fs');
    rmSync(join(root, 'export/activities/2.gpx'));
    await expect(archive.read('activities/2.gpx', 100)).rejects.toThrow('the file vanished from the export folder');
  });
});
