import { disableMfa } from '@/server/services/mfa/disable-mfa';
import { enableMfa } from '@/server/services/mfa/enable-mfa';
import { getBackupCodeStatus } from '@/server/services/mfa/get-backup-code-status';
import { getMfaStatus } from '@/server/services/mfa/get-mfa-status';
import { regenerateBackupCodes, type BackupCodes } from '@/server/services/mfa/regenerate-backup-codes';
import { disableMfaInput, mfaCodeInput } from '@/server/services/mfa/schemas';
import { setupMfa } from '@/server/services/mfa/setup-mfa';
import { authedProcedure, router } from '../init';

// Twin of /profile/mfa/** over the same services; wire shapes match the REST answers.
const codesWire = (result: BackupCodes) => ({ codes: result.codes, created_at: result.createdAt.toISOString() });

export const mfaRouter = router({
  status: authedProcedure('DEFAULT').query(({ ctx }) => getMfaStatus(ctx.db, ctx.user.userId)),
  backupCodeStatus: authedProcedure('DEFAULT').query(async ({ ctx }) => {
    const s = await getBackupCodeStatus(ctx.db, ctx.user.userId);
    return { has_codes: s.hasCodes, total: s.total, unused: s.unused, used: s.used, created_at: s.createdAt?.toISOString() ?? null };
  }),
  setup: authedProcedure('SENSITIVE').mutation(async ({ ctx }) => {
    const setup = await setupMfa(ctx.db, ctx.user.userId);
    return { secret: setup.secret, otpauth_url: setup.otpauthUrl, qr_code_svg: setup.qrCodeSvg };
  }),
  enable: authedProcedure('SENSITIVE')
    .input(mfaCodeInput)
    .mutation(async ({ ctx, input }) => codesWire(await enableMfa(ctx.db, ctx.user.userId, input.mfa_code))),
  disable: authedProcedure('SENSITIVE')
    .input(disableMfaInput)
    .mutation(async ({ ctx, input }) => {
      await disableMfa(ctx.db, ctx.user.userId, { mfaCode: input.mfa_code, currentPassword: input.current_password });
      return { enabled: false };
    }),
  regenerateBackupCodes: authedProcedure('SENSITIVE').mutation(async ({ ctx }) => codesWire(await regenerateBackupCodes(ctx.db, ctx.user.userId))),
});
