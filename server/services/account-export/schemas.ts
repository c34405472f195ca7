import { z } from 'zod';
import { jobResponse } from '@/server/job-queue/schemas';
import { stepUpProofFields } from '../users/schemas';

// CONTRACT: Account export: POST /profile/export takes the API-key step-up proof.
export const startAccountExportInput = z.object(stepUpProofFields);

export type StartAccountExportInput = z.infer<typeof startAccountExportInput>;

export const accountExportIdInput = z.object({ id: z.string().max(64) });

/** CONTRACT: Account export: the job record plus download_url and expires_at. */
export const accountExportResponse = jobResponse.extend({ download_url: z.string().nullable(), expires_at: z.iso.datetime().nullable() });
export type AccountExportResponse = z.infer<typeof accountExportResponse>;

/** The export CLI's hand-off to the running server (app/api/internal): whose account. */
export const cliExportInput = z.strictObject({ user: z.string().trim().min(1).max(255) });
