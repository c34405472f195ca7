import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleQueryRows, SimpleQueryError } from './pglite-simple-query';

// The one-call path every authenticated read takes on the embedded database must answer exactly
// what PGlite's own query() answers, refuse what the database refuses, and wait for a
// transaction in progress instead of running inside it.

describe('simpleQueryRows', () => {
  const pg = new PGlite('memory://');
  beforeAll(async () => {
    await pg.exec(`
      create type kind as enum ('web', 'mobile');
      create table t (id uuid primary key, n int, big bigint, f double precision, ok boolean, at timestamptz, k kind, j jsonb, s text);
      insert into t values ('0d5b3c8e-1111-4222-8333-444455556666', 7, 9007199254740993, 1.5, true, '2024-05-01T10:00:00.123Z', 'mobile', '{"a": [1, "é"]}', 'it''s ünïcode'),
                           ('1d5b3c8e-1111-4222-8333-444455556666', null, null, null, null, null, null, null, null);
      prepare by_id as select id, n, big, f, ok, at, k, j, s, json_build_object('n', n, 's', s)::text from t where id = $1;
    `);
  });
  afterAll(() => pg.close());

  it('gives the rows query() gives, value for value and type for type', async () => {
    for (const id of ['0d5b3c8e-1111-4222-8333-444455556666', '1d5b3c8e-1111-4222-8333-444455556666']) {
      const { rows: expected } = await pg.query<unknown[]>(`execute by_id('${id}')`, [], { rowMode: 'array' });
      const rows = await simpleQueryRows(pg, `execute by_id('${id}')`);
      expect(rows).toEqual(expected);
      expect(rows[0]!.map((value) => (value instanceof Date ? 'date' : typeof value))).toEqual(
        expected[0]!.map((value) => (value instanceof Date ? 'date' : typeof value)),
      );
    }
    expect(await simpleQueryRows(pg, `execute by_id('2d5b3c8e-1111-4222-8333-444455556666')`)).toEqual([]);
    expect((await simpleQueryRows(pg, `select * from t order by id`)).length).toBe(2);
  });

  it("reads a type with the caller's parser when given one, and with PGlite's otherwise", async () => {
    const asText = { 1184: (text: string) => `text ${text}` };
    const query = `select at, n from t where n = 7`;
    for (let i = 0; i < 2; i++) expect(await simpleQueryRows(pg, query, { parsers: asText })).toEqual([['text 2024-05-01 10:00:00.123+00', 7]]);
    expect(await simpleQueryRows(pg, query, { parsers: { 23: (text: string) => `n ${text}` } })).toEqual([[new Date('2024-05-01T10:00:00.123Z'), 'n 7']]);
    expect(await simpleQueryRows(pg, query)).toEqual([[new Date('2024-05-01T10:00:00.123Z'), 7]]);
  });

  it('throws what the database refuses, with its code, and the connection goes on', async () => {
    const error = await simpleQueryRows(pg, `execute by_id('not-a-uuid')`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SimpleQueryError);
    expect((error as SimpleQueryError).code).toBe('22P02');
    expect(await simpleQueryRows(pg, 'select 1')).toEqual([[1]]);
  });

  it('waits for a transaction in progress rather than reading inside it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedInside = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = pg.transaction(async (tx) => {
      await tx.query(`insert into t (id, n) values ('3d5b3c8e-1111-4222-8333-444455556666', 1)`);
      inserted();
      await held;
      await tx.rollback();
    });
    // the read is asked for once the transaction has written, not after a guessed 20 ms
    await insertedInside;
    const read = simpleQueryRows(pg, 'select count(*)::int from t');
    release();
    await transaction;
    // inside the transaction it would have counted the uncommitted third row
    expect(await read).toEqual([[2]]);
  });
});
