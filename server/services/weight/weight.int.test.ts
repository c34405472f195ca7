import { setClockForTests } from '@/server/clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { markNotificationRead } from '../notifications/mark-notification-read';
import { createWeight } from './create-weight';
import { deleteWeight } from './delete-weight';
import { listWeights, listWeightsPage } from './list-weights';
import { createWeightInput, weightsQuery } from './schemas';
import { newUser as newTestUser } from '@/server/testing/new-user';

describe.each(testEngines())('weight services on %s', (engine) => {
  let database: TestDatabase;
  const newUser = async () => (await newTestUser(database.db)).id;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
  });
  afterAll(() => database.close());

  it('CONTRACT: one entry per user and day, a second post replaces it; dates filter inclusively', async () => {
    const user = await newUser();
    await createWeight(database.db, user, { weight: 70, created_at: '2024-03-02' });
    const second = await createWeight(database.db, user, { weight: 69.3, created_at: '2024-03-02' });
    await createWeight(database.db, user, { weight: 71.1, created_at: '2024-03-03' });
    expect(second).toMatchObject({ weight: 69.3, created_at: '2024-03-02' });
    expect((await listWeights(database.db, user, {})).map((w) => [w.created_at, w.weight])).toEqual([
      ['2024-03-02', 69.3],
      ['2024-03-03', 71.1],
    ]);
    expect(await listWeights(database.db, user, { start_date: '2024-03-03', end_date: '2024-03-03' })).toHaveLength(1);
  });

  it('CONTRACT settled: bad date or number is rejected by the schema (422 on the wire)', () => {
    for (const created_at of ['01/03/2024', '2024-3-1', 'not-a-date', '2024-02-30'])
      expect(createWeightInput.safeParse({ weight: 70, created_at }).success).toBe(false);
    expect(createWeightInput.safeParse({ weight: 'heavy', created_at: '2024-03-05' }).success).toBe(false);
    expect(createWeightInput.safeParse({ weight: 70, created_at: '2024-03-05', extra: 1 }).success).toBe(false);
  });

  it('issue 51: `date` is an alias of created_at; body composition is optional and bounded; other keys are still refused', () => {
    const parsed = createWeightInput.parse({
      date: '2024-04-01',
      weight: 80.2,
      body_fat: 21.5,
      body_water: 55,
      muscle_mass: 35.1,
      bone_mass: 3.2,
      visceral_fat: 9,
    });
    expect(parsed).toEqual({ weight: 80.2, created_at: '2024-04-01', body_fat: 21.5, body_water: 55, muscle_mass: 35.1, bone_mass: 3.2, visceral_fat: 9 });
    expect(createWeightInput.parse({ created_at: '2024-04-01', weight: 80, body_fat: null })).toMatchObject({
      created_at: '2024-04-01',
      body_fat: null,
      bone_mass: null,
    });
    expect(createWeightInput.parse({ created_at: '2024-04-01', date: '2024-04-01', weight: 80 }).created_at).toBe('2024-04-01');
    for (const bad of [
      { weight: 80 },
      { weight: 80, created_at: '2024-04-01', date: '2024-04-02' },
      { weight: 80, date: '2024-4-1' },
      { weight: 80, date: '2024-04-01', body_fat: 101 },
      { weight: 80, date: '2024-04-01', body_water: -1 },
      { weight: 80, date: '2024-04-01', muscle_mass: 501 },
      { weight: 80, date: '2024-04-01', bone_mass: 'heavy' },
      { weight: 80, date: '2024-04-01', bmi: 24 },
    ])
      expect(createWeightInput.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    expect(weightsQuery.safeParse({ page_number: '1' }).success).toBe(false);
    expect(weightsQuery.safeParse({ page_number: '0', num_records: '5' }).success).toBe(false);
    expect(weightsQuery.parse({ page_number: '2', num_records: '5' })).toEqual({ page_number: 2, num_records: 5 });
  });

  it('issue 51: a second post for a day replaces weight and body composition (one row); pages are newest first with the total', async () => {
    const user = await newUser();
    await createWeight(database.db, user, createWeightInput.parse({ date: '2024-04-01', weight: 80.2, body_fat: 21.5, visceral_fat: 9 }));
    const second = await createWeight(database.db, user, createWeightInput.parse({ date: '2024-04-01', weight: 79.9, body_water: 56 }));
    expect(second).toMatchObject({ created_at: '2024-04-01', date: '2024-04-01', weight: 79.9, body_fat: null, body_water: 56, visceral_fat: null });
    expect(await listWeights(database.db, user, {})).toEqual([second]);
    for (const day of ['2024-04-02', '2024-04-03', '2024-04-04']) await createWeight(database.db, user, { weight: 79, created_at: day });
    const page = await listWeightsPage(database.db, user, { page_number: 2, num_records: 3 });
    expect(page).toMatchObject({ total: 4, num_records: 3, page_number: 2 });
    expect(page.records.map((r) => r.date)).toEqual(['2024-04-01']);
    const first = await listWeightsPage(database.db, user, { page_number: 1, num_records: 3, start_date: '2024-04-02' });
    expect(first.total).toBe(3);
    expect(first.records.map((r) => r.date)).toEqual(['2024-04-04', '2024-04-03', '2024-04-02']);
    expect((await listWeightsPage(database.db, user, { page_number: 9, num_records: 3 })).records).toEqual([]);
  });

  it('issue 50: a weight dated after today everywhere on earth is refused (422), today in the earliest zone is not', async () => {
    const user = await newUser();
    setClockForTests(new Date('2026-11-29T12:00:00Z'));
    try {
      // 12:00 UTC is already 02:00 on 30 November at UTC+14
      expect(await createWeight(database.db, user, { weight: 70, created_at: '2026-11-30' })).toMatchObject({ created_at: '2026-11-30' });
      const refused = await createWeight(database.db, user, { weight: 70, created_at: '2030-01-01' }).catch((error: unknown) => error);
      expect(refused).toMatchObject({ status: 422, errors: [{ field: '/created_at', message: 'created_at must not be in the future' }] });
      expect(await listWeights(database.db, user, { start_date: '2030-01-01' })).toEqual([]);
    } finally {
      setClockForTests(undefined);
    }
  });

  it("other users' weight entries and notifications are not_found", async () => {
    const user = await newUser();
    const stranger = await newUser();
    const entry = await createWeight(database.db, user, { weight: 80, created_at: '2024-01-01' });
    await expect(deleteWeight(database.db, stranger, entry.id)).rejects.toMatchObject({ kind: 'not_found' });
    await expect(markNotificationRead(database.db, stranger, 999_999)).rejects.toMatchObject({ kind: 'not_found' });
    await deleteWeight(database.db, user, entry.id);
    expect(await listWeights(database.db, user, {})).toEqual([]);
  });
});
