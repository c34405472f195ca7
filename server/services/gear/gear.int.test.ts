import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCorpusFile } from '@/server/formats/test-support/corpus';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { createGear } from './create-gear';
import { deleteGear } from './delete-gear';
import { importGearCsv } from './import-gear-csv';
import { listGears } from './list-gears';
import { createGearInput } from './schemas';
import { updateGear } from './update-gear';
import { newUser as newTestUser } from '@/server/testing/new-user';

const fixture = (name: string) => readFileSync(join(process.cwd(), '../shared/conformance/fixtures', name), 'utf8');

describe.each(testEngines())('gear services on %s', (engine) => {
  let database: TestDatabase;
  const newUser = async () => (await newTestUser(database.db)).id;
  const names = async (userId: number) => (await listGears(database.db, userId)).map((g) => g.nickname).sort();

  beforeAll(async () => {
    database = await openTestDatabase(engine);
  });
  afterAll(() => database.close());

  it('spec import: bikes keep trimmed names, brand and model; a second import skips them all', async () => {
    const user = await newUser();
    const first = await importGearCsv(database.db, user, 'bikes', fixture('bikes.csv'));
    expect({ created: first.created, skipped: first.skipped }).toEqual({ created: 2, skipped: 0 });
    expect(first.gear.find((g) => g.nickname === 'Commuter')).toMatchObject({
      brand: 'Trek',
      model: 'FX 3',
      gear_type: 'bike',
      active: true,
      provider_gear_id: null,
    });
    const again = await importGearCsv(database.db, user, 'bikes', fixture('bikes.csv'));
    expect({ created: again.created, skipped: again.skipped }).toEqual({ created: 0, skipped: 2 });
    expect(await names(user)).toEqual(['Commuter', 'Gravel Grinder']);
  });

  it('CONTRACT settled: blank shoe names become Shoe 1, Shoe 2, … skipping numbers whose name exists', async () => {
    const user = await newUser();
    expect((await importGearCsv(database.db, user, 'shoes', fixture('shoes.csv'))).created).toBe(3);
    expect(await names(user)).toEqual(['Daily Trainer', 'Shoe 1', 'Shoe 2']);
    await createGear(database.db, user, { nickname: 'shoe+3', gear_type: 'shoes' });
    await importGearCsv(database.db, user, 'shoes', fixture('shoes_one_blank.csv'));
    expect(await names(user)).toEqual(['Daily Trainer', 'Shoe 1', 'Shoe 2', 'Shoe 4', 'shoe+3']);
  });

  it('the corpus shoes.csv (a real export): every row imported, blanks numbered; the corpus bikes.csv (headers only) creates none', async () => {
    const user = await newUser();
    const result = await importGearCsv(database.db, user, 'shoes', readCorpusFile('csv/shoes.csv').toString('utf8'));
    expect(result.created).toBe(6);
    expect(await names(user)).toEqual(['Asics 01', 'Asics 02', 'OC3', 'Shoe 1', 'Tribase Amarelo', 'Tribase Rosa']);
    expect(await importGearCsv(database.db, user, 'bikes', readCorpusFile('csv/bikes.csv').toString('utf8'))).toEqual({ created: 0, skipped: 0, gear: [] });
  });

  it('nicknames repeated in one file, compared case-insensitively with + as a space, are skipped', async () => {
    const user = await newUser();
    const csv = 'Bike Name,Bike Brand,Bike Model\nRoad Bike,A,B\nroad+bike,A,B\n  ROAD BIKE ,A,B\n"",A,B\n';
    expect(await importGearCsv(database.db, user, 'bikes', csv)).toMatchObject({ created: 1, skipped: 3 });
  });

  it('missing headers or an unparsable file → failed_dependency naming the problem; nothing created', async () => {
    const user = await newUser();
    await expect(importGearCsv(database.db, user, 'bikes', fixture('missing_headers.csv'))).rejects.toMatchObject({
      kind: 'failed_dependency',
      detail: expect.stringMatching(/header.*Bike Name/),
    });
    await expect(importGearCsv(database.db, user, 'shoes', 'Shoe Name,Shoe Brand,Shoe Model\n"unclosed,A,B\n')).rejects.toMatchObject({
      kind: 'failed_dependency',
    });
    expect(await names(user)).toEqual([]);
  });

  it("CRUD: duplicate nickname (case, +) is a conflict; other users' gear is not_found", async () => {
    const user = await newUser();
    const stranger = await newUser();
    const g = await createGear(database.db, user, createGearInput.parse({ nickname: ' Red Bike ', gear_type: 'bike', brand: ' Trek ' }));
    expect(g).toMatchObject({ nickname: 'Red Bike', brand: 'Trek', total_distance: 0, activity_count: 0 });
    await expect(createGear(database.db, user, { nickname: 'red+bike', gear_type: 'bike' })).rejects.toMatchObject({ kind: 'conflict' });
    expect((await createGear(database.db, stranger, { nickname: 'Red Bike', gear_type: 'bike' })).nickname).toBe('Red Bike');
    expect((await updateGear(database.db, user, g.id, { active: false, model: 'Domane' })).active).toBe(false);
    await expect(updateGear(database.db, stranger, g.id, { active: true })).rejects.toMatchObject({ kind: 'not_found' });
    await expect(deleteGear(database.db, stranger, g.id)).rejects.toMatchObject({ kind: 'not_found' });
    await deleteGear(database.db, user, g.id);
    expect(await names(user)).toEqual([]);
  });
});
