// The scale database of bench/scale (issue 55): where seed.ts writes and run.ts and storage.ts read.

export const SCALE_PG_URL = process.env.SCALE_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const SCALE_DB = process.env.SCALE_DB ?? 'stride_scale';
export const SCALE_PASSWORD = 'Scale-Bench-Pass-1';
export const BATCH = Number(process.env.BATCH ?? 25);

export function scaleUrl(): string {
  const url = new URL(SCALE_PG_URL);
  url.pathname = `/${SCALE_DB}`;
  return url.toString();
}
