import { z } from 'zod';

const currentPassword = z.string().max(1024).optional();

/** Setup and regeneration take the step-up password (optional just after signing in). */
export const mfaStepUpInput = z.object({ current_password: currentPassword }).optional();

export const mfaCodeInput = z.object({ mfa_code: z.string().trim().min(1, 'mfa_code is required').max(64), current_password: currentPassword });

export const disableMfaInput = z
  .object({ mfa_code: z.string().trim().max(64).optional(), current_password: z.string().max(1024).optional() })
  .refine((v) => v.mfa_code || v.current_password, { message: 'send mfa_code or current_password', path: ['mfa_code'] });

// The MFA answers, one definition for /profile/mfa/** and the tRPC mfa router.

export const mfaStatusResponse = z.object({ enabled: z.boolean() });

/** CONTRACT: Settled: enable (200) and regeneration (201) both answer { codes, created_at }. */
export const backupCodesResponse = z.object({ codes: z.array(z.string()), created_at: z.iso.datetime() });
export type BackupCodesResponse = z.infer<typeof backupCodesResponse>;

export const backupCodeStatusResponse = z.object({
  has_codes: z.boolean(),
  total: z.number().int(),
  unused: z.number().int(),
  used: z.number().int(),
  created_at: z.iso.datetime().nullable(),
});
export type BackupCodeStatusResponse = z.infer<typeof backupCodeStatusResponse>;

export const mfaSetupResponse = z.object({ secret: z.string(), otpauth_url: z.string(), qr_code_svg: z.string() });
export type MfaSetupResponse = z.infer<typeof mfaSetupResponse>;

export const backupCodesRecord = (result: { codes: string[]; createdAt: Date }): BackupCodesResponse => ({
  codes: result.codes,
  created_at: result.createdAt.toISOString(),
});

export const backupCodeStatusRecord = (s: {
  hasCodes: boolean;
  total: number;
  unused: number;
  used: number;
  createdAt: Date | null;
}): BackupCodeStatusResponse => ({
  has_codes: s.hasCodes,
  total: s.total,
  unused: s.unused,
  used: s.used,
  created_at: s.createdAt?.toISOString() ?? null,
});

export const mfaSetupRecord = (setup: { secret: string; otpauthUrl: string; qrCodeSvg: string }): MfaSetupResponse => ({
  secret: setup.secret,
  otpauth_url: setup.otpauthUrl,
  qr_code_svg: setup.qrCodeSvg,
});
