import type { BackupCodes } from '@/server/services/mfa/regenerate-backup-codes';
import { json } from '../respond';

/** CONTRACT: Settled details: enable (200) and regeneration (201) both answer { codes, created_at }. */
export function backupCodesResponse(result: BackupCodes, status: 200 | 201): Response {
  return json({ codes: result.codes, created_at: result.createdAt.toISOString() }, { status, headers: { 'cache-control': 'no-store' } });
}
