import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { insertChunks } from '@/db/insert-chunks';
import { gears, type GearType } from '@/db/schema';
import { gearRecord, type GearRecord } from './gear-record';
import { isBlankName, nicknameKey } from './nickname-key';
import { parseGearCsv } from './parse-gear-csv';
import type { GearCsvKind } from './schemas';

// Any constant: with the user id it names the lock that keeps two imports from racing on names.
const USER_GEAR_LOCK = 7302;

const GEAR_TYPE: Record<GearCsvKind, GearType> = { bikes: 'bike', shoes: 'shoes' };

export interface GearImportResult {
  created: number;
  skipped: number;
  gear: GearRecord[];
}

/**
 * Where a blank-named row came from, when the CSV is an archive's file: the file's content and the
 * row. Importing the same archive again (its gear CSV unchanged) finds the gear that row made.
 */
const archiveRowKey = (kind: GearCsvKind, text: string, row: number) => `${kind}.csv:${createHash('sha256').update(text).digest('hex').slice(0, 32)}:${row}`;

/**
 * spec: import rules and CONTRACT: Settled details: one gear per row with trimmed names; a nickname
 * already present (in the database or earlier in the file) is skipped and counted; blank shoe
 * names become "Shoe 1", "Shoe 2", …, skipping numbers whose name exists. A blank bike name has no
 * key to import under and is skipped. CONTRACT: Beyond the spec … Imported history:
 * from an archive (`fromArchive`), a blank-named row already imported is recognised by the file
 * and row and skipped, so a re-import creates no second `Shoe N`.
 */
export async function importGearCsv(
  db: Db,
  userId: number,
  kind: GearCsvKind,
  text: string,
  options: { fromArchive?: boolean } = {},
): Promise<GearImportResult> {
  const rows = parseGearCsv(kind, text);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${USER_GEAR_LOCK}, ${userId})`);
    const existing = await tx.select({ key: gears.nicknameKey, importKey: gears.importKey }).from(gears).where(eq(gears.userId, userId));
    const taken = new Set(existing.map((g) => g.key));
    const imported = new Set(existing.map((g) => g.importKey));
    let skipped = 0;
    let counter = 1;
    const values: (typeof gears.$inferInsert)[] = [];
    for (const [index, row] of rows.entries()) {
      let nickname = row.name.trim();
      let importKey: string | null = null;
      if (isBlankName(nickname)) {
        importKey = options.fromArchive ? archiveRowKey(kind, text, index + 1) : null;
        if (kind !== 'shoes' || (importKey !== null && imported.has(importKey))) {
          skipped += 1;
          continue;
        }
        while (taken.has(nicknameKey(`Shoe ${counter}`))) counter += 1;
        nickname = `Shoe ${counter}`;
      }
      const key = nicknameKey(nickname);
      if (taken.has(key)) {
        skipped += 1;
        continue;
      }
      taken.add(key);
      values.push({
        userId,
        nickname,
        nicknameKey: key,
        gearType: GEAR_TYPE[kind],
        brand: row.brand,
        model: row.model,
        active: true,
        providerGearId: null,
        importKey,
      });
    }
    const created: (typeof gears.$inferSelect)[] = [];
    for (const chunk of insertChunks(values)) created.push(...(await tx.insert(gears).values(chunk).returning()));
    return { created: created.length, skipped, gear: created.map((g) => gearRecord(g)) };
  });
}
