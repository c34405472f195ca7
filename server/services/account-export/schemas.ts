import { z } from 'zod';
import { stepUpProofFields } from '../users/schemas';

// CONTRACT: Account export: POST /profile/export takes the API-key step-up proof.
export const startAccountExportInput = z.object(stepUpProofFields);

export type StartAccountExportInput = z.infer<typeof startAccountExportInput>;

export const accountExportIdInput = z.object({ id: z.string().max(64) });
