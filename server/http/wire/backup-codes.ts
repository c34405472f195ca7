import { backupCodesRecord, backupCodesResponse as backupCodesSchema } from '@/server/services/mfa/schemas';
import type { BackupCodes } from '@/server/services/mfa/regenerate-backup-codes';
import { json } from '../respond';
import type { ResponseDoc } from '../route-doc';

/** CONTRACT: Settled details: enable (200) and regeneration (201) both answer { codes, created_at }. */
export function backupCodesResponse(result: BackupCodes, status: 200 | 201): Response {
  return json(backupCodesRecord(result), { status, headers: { 'cache-control': 'no-store' } });
}

export const backupCodesDoc = (description: string): ResponseDoc => ({ description, schema: backupCodesSchema, headers: ['cache-control'] });
