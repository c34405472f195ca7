import type { PGlite } from '@electric-sql/pglite';

// One statement through PGlite's simple-query protocol in a single call into the database.
// PGlite's query() makes six protocol round trips per statement (parse, describe, bind, describe,
// execute, sync), each through its message parser and a file-system sync; exec() makes two. For
// the statements every authenticated read runs (an EXECUTE of a statement PREPAREd once), that
// JavaScript around the database cost more than the database (bench/reads; figures for query(),
// exec() and one raw Query message in bench/README.md). The answer is read here: row
// descriptions, data rows and an error, each value turned into its JavaScript type by PGlite's
// own parsers, so the rows equal what query() gives. A read changes no file: no sync to disk.
// Writes with large or many values (db/pglite-inline.ts) take the same one call.

/** What this module needs of PGlite beyond its typed API (present in the pinned 0.5.x). */
interface PGliteInternals {
  parsers: Record<number, (text: string, typeId: number) => unknown>;
  _checkReady(): Promise<void>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
}

const QUERY = 0x51; // 'Q'
const ROW_DESCRIPTION = 0x54; // 'T'
const DATA_ROW = 0x44; // 'D'
const ERROR_RESPONSE = 0x45; // 'E'

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function queryMessage(text: string): Uint8Array {
  const body = encoder.encode(text);
  const message = new Uint8Array(body.length + 6);
  message[0] = QUERY;
  new DataView(message.buffer).setInt32(1, body.length + 5);
  message.set(body, 5);
  return message;
}

/** The database refused the statement: the same fields pg clients expose. */
export class SimpleQueryError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'SimpleQueryError';
  }
}

function readError(bytes: Uint8Array, start: number, end: number): SimpleQueryError {
  const fields: Record<string, string> = {};
  let at = start;
  while (at < end && bytes[at] !== 0) {
    const field = String.fromCharCode(bytes[at]!);
    const close = bytes.indexOf(0, at + 1);
    fields[field] = decoder.decode(bytes.subarray(at + 1, close));
    at = close + 1;
  }
  return new SimpleQueryError(fields.M ?? 'the statement failed', fields.C);
}

/** Rows as arrays of parsed values, in column order. */
function readRows(bytes: Uint8Array, parsers: PGliteInternals['parsers']): unknown[][] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const rows: unknown[][] = [];
  let types: number[] = [];
  let error: SimpleQueryError | undefined;
  for (let at = 0; at < bytes.length;) {
    const kind = bytes[at]!;
    const end = at + 1 + view.getInt32(at + 1);
    let p = at + 5;
    if (kind === ROW_DESCRIPTION) {
      const count = view.getInt16(p);
      p += 2;
      types = [];
      for (let i = 0; i < count; i += 1) {
        p = bytes.indexOf(0, p) + 1; // column name
        types.push(view.getInt32(p + 6));
        p += 18;
      }
    } else if (kind === DATA_ROW) {
      const count = view.getInt16(p);
      p += 2;
      const row: unknown[] = [];
      for (let i = 0; i < count; i += 1) {
        const length = view.getInt32(p);
        p += 4;
        if (length < 0) {
          row.push(null);
          continue;
        }
        const text = decoder.decode(bytes.subarray(p, p + length));
        p += length;
        const type = types[i]!;
        const parse = parsers[type];
        row.push(parse ? parse(text, type) : text);
      }
      rows.push(row);
    } else if (kind === ERROR_RESPONSE) {
      error = readError(bytes, p, end);
    }
    at = end;
  }
  if (error) throw error;
  return rows;
}

// The instance each open transaction belongs to (db/client.ts records it): PGlite's transaction
// object has query() and exec() but not the raw protocol call.
const owners = new WeakMap<object, PGlite>();

export function rememberTransactionOwner(transaction: object, client: PGlite): void {
  owners.set(transaction, client);
}

/** The PGlite instance `target` is or belongs to; null for anything else (postgres.js). */
export function pgliteOf(target: object): { client: PGlite; inTransaction: boolean } | null {
  const owner = owners.get(target);
  if (owner) return { client: owner, inTransaction: true };
  return typeof (target as Partial<PGlite>).execProtocolRawStream === 'function' ? { client: target as PGlite, inTransaction: false } : null;
}

// PGlite's parsers with a caller's replacements, made once per pair: a copy per statement was a
// quarter of what the request thread allocated importing an archive (PGlite 0.5 has 318 of them)
const merged = new WeakMap<object, { base: PGliteInternals['parsers']; parsers: PGliteInternals['parsers'] }>();

function withParsers(base: PGliteInternals['parsers'], replacements: PGliteInternals['parsers']): PGliteInternals['parsers'] {
  const known = merged.get(replacements);
  if (known?.base === base) return known.parsers;
  const parsers = { ...base, ...replacements };
  merged.set(replacements, { base, parsers });
  return parsers;
}

/**
 * Runs `text` (one statement, no parameters: values must already be literals) and returns its
 * rows. It waits for PGlite's transaction and query locks as query() does, so it never runs
 * inside another caller's open transaction; in a transaction (`inTransaction`, its caller holding
 * the transaction lock) it waits for the query lock only, as the transaction's query() does.
 * `parsers` replace PGlite's own for some types. Outside a transaction, for reads only: a NOTIFY
 * in the answer is not handed to PGlite's listeners (in a transaction it comes with the COMMIT).
 */
export async function simpleQueryRows(
  client: PGlite,
  text: string,
  options: { inTransaction?: boolean; parsers?: PGliteInternals['parsers'] } = {},
): Promise<unknown[][]> {
  const pglite = client as unknown as PGliteInternals;
  const parsers = options.parsers ? withParsers(pglite.parsers, options.parsers) : pglite.parsers;
  const run = () =>
    pglite._runExclusiveQuery(async () => {
      // streamed to us, PGlite does not parse the answer itself as well; the chunks are views of
      // its receive buffer, so each is copied
      const chunks: Uint8Array[] = [];
      await client.execProtocolRawStream(queryMessage(text), { syncToFs: false, onRawData: (chunk) => chunks.push(chunk.slice()) });
      return readRows(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks), parsers);
    });
  await pglite._checkReady();
  return options.inTransaction ? run() : pglite._runExclusiveTransaction(run);
}

/**
 * Runs `text` (one statement that returns no rows, values written in as literals) as PGlite's
 * exec() would, without its JavaScript message writer: PGlite reads the answer, so the
 * database's error is its usual DatabaseError and a NOTIFY reaches the listeners. In a
 * transaction (its caller holding the transaction lock) it waits for the query lock only, as the
 * transaction's exec() does; outside one it takes both and syncs the files after, as exec() does.
 */
export async function simpleQueryWrite(client: PGlite, text: string, inTransaction: boolean): Promise<void> {
  const pglite = client as unknown as PGliteInternals;
  const run = () => pglite._runExclusiveQuery(() => client.execProtocolStream(queryMessage(text), { syncToFs: false }));
  await pglite._checkReady();
  if (inTransaction) {
    await run();
    return;
  }
  await pglite._runExclusiveTransaction(run);
  await client.syncToFs();
}
