import { setClockForTests } from '@/server/clock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { markNotificationRead } from '../notifications/mark-notification-read';
import { createWeight } from './create-weight';
import { deleteWeight } from './delete-weight';
import { listWeights } from './list-weights';
import { createWeightInput } from './schemas';
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
