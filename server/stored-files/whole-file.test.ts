import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { appendFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeWholeOrNothing } from './whole-file';

// The stored-files rule that originals and photos share: a file whose write failed half-way is removed.
describe('writeWholeOrNothing', () => {
  it('removes a file whose write failed after writing part of it, and passes the error on', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'stride-whole-')), 'partial.fit');
    const cutShort = async () => {
      await writeFile(path, 'first half');
      throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    };
    await expect(writeWholeOrNothing(path, cutShort)).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(existsSync(path)).toBe(false);
  });

  it('keeps a file written whole', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'stride-whole-')), 'whole.fit');
    await writeWholeOrNothing(path, async () => {
      await writeFile(path, 'first half, ');
      await appendFile(path, 'second half');
    });
    expect(readFileSync(path, 'utf8')).toBe('first half, second half');
  });
});
