import { z } from 'zod';

export const mfaCodeInput = z.object({ mfa_code: z.string().trim().min(1, 'mfa_code is required').max(64) });

export const disableMfaInput = z
  .object({ mfa_code: z.string().trim().max(64).optional(), current_password: z.string().max(1024).optional() })
  .refine((v) => v.mfa_code || v.current_password, { message: 'send mfa_code or current_password', path: ['mfa_code'] });
