import { assertMfaStepUp } from '@/server/services/mfa/assert-mfa-step-up';
import { disableMfa } from '@/server/services/mfa/disable-mfa';
import { enableMfa } from '@/server/services/mfa/enable-mfa';
import { getBackupCodeStatus } from '@/server/services/mfa/get-backup-code-status';
import { getMfaStatus } from '@/server/services/mfa/get-mfa-status';
import { regenerateBackupCodes } from '@/server/services/mfa/regenerate-backup-codes';
import { backupCodesRecord, backupCodeStatusRecord, disableMfaInput, mfaCodeInput, mfaSetupRecord, mfaStepUpInput } from '@/server/services/mfa/schemas';
import { setupMfa } from '@/server/services/mfa/setup-mfa';
import { authedProcedure, router } from '../init';

// Twin of /profile/mfa/** over the same services and the same wire mappers (mfa/schemas.ts).

export const mfaRouter = router({
  status: authedProcedure('DEFAULT').query(({ ctx }) => getMfaStatus(ctx.db, ctx.user.userId)),
  backupCodeStatus: authedProcedure('DEFAULT').query(async ({ ctx }) => backupCodeStatusRecord(await getBackupCodeStatus(ctx.db, ctx.user.userId))),
  setup: authedProcedure('SENSITIVE')
    .input(mfaStepUpInput)
    .mutation(async ({ ctx, input }) => {
      await assertMfaStepUp(ctx.db, ctx.user, input?.current_password, 'MFA setup');
      return mfaSetupRecord(await setupMfa(ctx.db, ctx.user.userId));
    }),
  enable: authedProcedure('SENSITIVE')
    .input(mfaCodeInput)
    .mutation(async ({ ctx, input }) => {
      await assertMfaStepUp(ctx.db, ctx.user, input.current_password, 'Enabling MFA');
      return backupCodesRecord(await enableMfa(ctx.db, ctx.user.userId, input.mfa_code));
    }),
  disable: authedProcedure('SENSITIVE')
    .input(disableMfaInput)
    .mutation(async ({ ctx, input }) => {
      await disableMfa(ctx.db, ctx.user.userId, { mfaCode: input.mfa_code, currentPassword: input.current_password });
      return { enabled: false };
    }),
  regenerateBackupCodes: authedProcedure('SENSITIVE')
    .input(mfaStepUpInput)
    .mutation(async ({ ctx, input }) => {
      await assertMfaStepUp(ctx.db, ctx.user, input?.current_password, 'Regenerating backup codes');
      return backupCodesRecord(await regenerateBackupCodes(ctx.db, ctx.user.userId));
    }),
});
