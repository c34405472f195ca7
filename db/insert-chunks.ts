// One INSERT carries at most 65,535 bind parameters (the wire protocol counts them in
// 16 bits; postgres.js refuses past 65,534, PGlite fails the statement). A 9,000-row bikes.csv or a
// TCX with 6,000 laps went past that and failed. Bulk inserts are cut into statements that fit.

const MAX_BIND_PARAMETERS = 65_534;

/** The rows in consecutive slices whose parameters (rows × the first row's columns) fit one statement. */
export function insertChunks<T extends object>(rows: readonly T[]): T[][] {
  if (rows.length === 0) return [];
  const perStatement = Math.max(1, Math.floor(MAX_BIND_PARAMETERS / Math.max(1, Object.keys(rows[0]!).length)));
  const chunks: T[][] = [];
  for (let start = 0; start < rows.length; start += perStatement) chunks.push(rows.slice(start, start + perStatement));
  return chunks;
}
