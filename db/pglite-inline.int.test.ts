import type { PGlite } from '@electric-sql/pglite';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { bigint, date, doublePrecision, integer, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testEngines, type TestDatabase } from '@/server/testing/test-database';
import { waitUntil } from '@/server/testing/wait-until';
import { executeInline, insertReturningInline, inlineParams, selectInline } from './pglite-inline';

// A write whose values are inlined as literals (the upload's laps, streams, efforts and loads on
// PGlite) must store exactly what the same statement stores with bind parameters, commit and roll
// back with its transaction, fail as the database fails it, and let a NOTIFY reach this process's
// listeners (db/change-feed.ts) as PGlite's own calls do.

const row = (id: number) => ({
  id,
  s: `it's a \\ back'slash ünïcode $1 ${'x'.repeat(5_000)}`,
  n: -7,
  f: 1.5e-7,
  ok: false,
  at: new Date('2024-05-01T10:00:00.123Z'),
  j: JSON.stringify({ a: [1, "it's"] }),
});

const insert = (r: ReturnType<typeof row>) =>
  sql`insert into inline_t (id, s, n, f, ok, at, j, missing) values (${r.id}, ${r.s}, ${r.n}, ${r.f}, ${r.ok}, ${r.at.toISOString()}, ${r.j}::jsonb, ${null})`;

// a row of every kind of value drizzle decodes itself
const returned = pgTable('inline_r', {
  id: integer('id').primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  local: timestamp('local'),
  day: date('day'),
  birthday: date('birthday', { mode: 'date' }),
  big: bigint('big', { mode: 'number' }),
  amount: numeric('amount'),
  f: doublePrecision('f'),
  j: jsonb('j').$type<{ a: (number | string)[] }>(),
  s: text('s'),
});
const returnedRow = (id: number) => ({
  id,
  at: new Date('2024-05-01T10:00:00.123Z'),
  local: new Date('2024-05-01T12:00:00.5Z'),
  day: '2024-05-01',
  birthday: new Date('1980-02-29T00:00:00Z'),
  big: 9_007_199_254_740_991,
  amount: '12.50',
  f: -0.25,
  j: { a: [1, "it's"] },
  s: "it's",
});

describe('inlineParams', () => {
  it('writes each $n as its value, quoted, ignoring a $n inside a value', () => {
    expect(inlineParams('select $1, $2, $10, $3', ["a'b$2", 5, null, 4, 5, 6, 7, 8, 9, true])).toBe(`select 'a''b$2', '5', 'true', null`);
  });

  it('refuses a value it has no literal for', () => {
    expect(() => inlineParams('select $1', [new Uint8Array(1)])).toThrow(TypeError);
  });
});

describe.each(testEngines())('executeInline on %s', (engine) => {
  let database: TestDatabase;
  const read = async (id: number) => {
    const result = await database.db.execute(sql`select s, n, f, ok, at, j::text as j, missing from inline_t where id = ${id}`);
    return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows)[0];
  };

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    await database.db.execute(
      sql`create table inline_r (id integer primary key, at timestamptz not null, local timestamp, day date, birthday date, big bigint, amount numeric, f double precision, j jsonb, s text)`,
    );
    await database.db.execute(
      sql`create table inline_t (id integer primary key, s text, n integer, f double precision, ok boolean, at timestamptz, j jsonb, missing text)`,
    );
  });
  afterAll(() => database.close());

  it('stores in a transaction what the statement stores with parameters', async () => {
    await database.db.execute(insert(row(1)));
    await database.db.transaction((tx) => executeInline(tx, insert(row(2))));
    await executeInline(database.db, insert(row(3)));
    const expected = await read(1);
    expect(expected).toBeDefined();
    expect(await read(2)).toEqual(expected);
    expect(await read(3)).toEqual(expected);
  });

  it('returns the inserted rows as drizzle decodes them', async () => {
    const expected = await database.db.insert(returned).values(returnedRow(1)).returning();
    const rows = await database.db.transaction((tx) => insertReturningInline(tx, returned, tx.insert(returned).values(returnedRow(2)).returning()));
    expect(rows).toEqual([{ ...expected[0], id: 2 }]);
    expect(rows[0]!.at).toBeInstanceOf(Date);
    expect(
      await database.db.transaction((tx) =>
        insertReturningInline(
          tx,
          returned,
          tx
            .insert(returned)
            .values({ id: 3, at: new Date(0) })
            .returning(),
        ),
      ),
    ).toEqual([{ id: 3, at: new Date(0), local: null, day: null, birthday: null, big: null, amount: null, f: null, j: null, s: null }]);
  });

  it('selects rows as drizzle decodes them, outside a transaction and inside one (seeing its own writes)', async () => {
    await database.db.insert(returned).values(returnedRow(10));
    const select = (db: typeof database.db) => db.select().from(returned).where(eq(returned.id, 10));
    const expected = await select(database.db);
    expect(expected).toHaveLength(1);
    expect(await selectInline(database.db, select(database.db), getTableColumns(returned))).toEqual(expected);
    const inTransaction = await database.db.transaction(async (tx) => {
      await tx.update(returned).set({ s: 'changed in the transaction' }).where(eq(returned.id, 10));
      return selectInline(tx, tx.select().from(returned).where(eq(returned.id, 10)), getTableColumns(returned));
    });
    expect(inTransaction).toEqual([{ ...expected[0], s: 'changed in the transaction' }]);
    expect(inTransaction[0]!.at).toBeInstanceOf(Date);
  });

  it('rolls back with its transaction', async () => {
    const failed = database.db.transaction(async (tx) => {
      await executeInline(tx, insert(row(4)));
      throw new Error('later step failed');
    });
    await expect(failed).rejects.toThrow('later step failed');
    expect(await read(4)).toBeUndefined();
  });

  it("fails with the database's error code, and the transaction is rolled back", async () => {
    const error = (await database.db
      .transaction(async (tx) => {
        await executeInline(tx, insert(row(5)));
        await executeInline(tx, insert(row(1)));
      })
      .catch((e: unknown) => e)) as { code?: string; cause?: { code?: string } };
    expect(error.code ?? error.cause?.code).toBe('23505');
    expect(await read(5)).toBeUndefined();
  });

  it('a value holding NUL fails as with bind parameters, never as the statement cut at the NUL', async () => {
    const nul = { ...row(6), s: "cut here\u0000', 1, 1, true, now(), null, null) --" };
    const expected = (await database.db.execute(insert(nul)).catch((e: unknown) => e)) as Error;
    expect(expected).toBeInstanceOf(Error);
    const inlined = (await database.db.transaction((tx) => executeInline(tx, insert({ ...nul, id: 7 }))).catch((e: unknown) => e)) as Error;
    expect(inlined).toBeInstanceOf(Error);
    const code = (e: Error) => (e as { code?: string }).code ?? (e.cause as { code?: string } | undefined)?.code;
    expect(code(inlined)).toBe(code(expected));
    expect(await read(6)).toBeUndefined();
    expect(await read(7)).toBeUndefined();
  });

  it.runIf(engine === 'pglite')("hands a statement's NOTIFY to the listeners, in a transaction at its commit", async () => {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const heard: string[] = [];
    await client.listen('inline_test', (payload) => heard.push(payload));
    await executeInline(database.db, sql`select pg_notify('inline_test', 'alone')`);
    await database.db.transaction(async (tx) => {
      await executeInline(tx, sql`select pg_notify('inline_test', 'in a transaction')`);
      expect(heard).toEqual(['alone']);
    });
    await waitUntil(() => heard.length === 2, 2_000, 'the notice of the committed transaction');
    expect(heard).toEqual(['alone', 'in a transaction']);
  });
});
