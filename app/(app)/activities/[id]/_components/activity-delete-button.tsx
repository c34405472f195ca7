'use client';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { ConfirmButton } from '../../../../_components/confirm-button';
import { trpc } from '../../../../_lib/trpc';
import { refreshQuery } from '../../../../_lib/refresh-query';

/** DELETE /activities/{id} semantics: the activity, its streams, laps and original file go; back to the list. */
export function ActivityDeleteButton({ id, name }: { id: number; name: string }) {
  const t = useTranslations('activity.delete');
  const router = useRouter();
  const utils = trpc.useUtils();
  const remove = trpc.activities.delete.useMutation();
  return (
    <ConfirmButton
      label={t('button')}
      title={t('title')}
      confirmLabel={t('confirm')}
      onConfirm={async () => {
        await remove.mutateAsync({ id });
        void refreshQuery(utils.activities.list);
        utils.activities.get.setData({ id }, undefined);
        router.replace('/activities');
      }}
    >
      <p>{t('body', { name })}</p>
    </ConfirmButton>
  );
}
