'use client';
import { useTranslations } from 'next-intl';
import { SectionCard } from '../../../_components/section-card';
import { SegmentEffortsTable } from '../../../_components/segment-efforts-table';
import { trpc } from '../../../_lib/trpc';

/** CONTRACT: Explorer, goals, gear components, segments: a public activity's segment efforts with PR badges (no link: segments are private). */
export function PublicSegmentEfforts({ id }: { id: number }) {
  const t = useTranslations('segments');
  const efforts = trpc.maps.publicSegmentEfforts.useQuery({ id }, { staleTime: Infinity });
  if (!efforts.data?.length) return null;
  return (
    <SectionCard title={t('onActivity')} testId="public-segment-efforts">
      <SegmentEffortsTable units="metric" rows={efforts.data.map((e, i) => ({ ...e, key: i, name: e.segment_name }))} />
    </SectionCard>
  );
}
