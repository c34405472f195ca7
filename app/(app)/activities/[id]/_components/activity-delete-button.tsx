'use client';
import { useRouter } from 'next/navigation';
import { ConfirmButton } from '../../../../_components/confirm-button';
import { trpc } from '../../../../_lib/trpc';
import { refreshQuery } from '../../../../_lib/refresh-query';

/** DELETE /activities/{id} semantics: the activity, its streams, laps and original file go; back to the list. */
export function ActivityDeleteButton({ id, name }: { id: number; name: string }) {
  const router = useRouter();
  const utils = trpc.useUtils();
  const remove = trpc.activities.delete.useMutation();
  return (
    <ConfirmButton
      label="Delete"
      title="Delete this activity?"
      confirmLabel="Delete activity"
      onConfirm={async () => {
        await remove.mutateAsync({ id });
        void refreshQuery(utils.activities.list);
        utils.activities.get.setData({ id }, undefined);
        router.replace('/activities');
      }}
    >
      <p>“{name}” and its recorded data will be removed. This cannot be undone.</p>
    </ConfirmButton>
  );
}
