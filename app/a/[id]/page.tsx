import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { isAppError } from '@/server/errors';
import { env } from '@/server/env';
import { mapTiles } from '@/server/map-tiles';
import { db } from '@/server/runtime';
import { getPublicActivity } from '@/server/services/public-activities/get-public-activity';
import type { PublicActivityResponse } from '@/server/services/public-activities/schemas';
import { activityTypeLabel } from '../../_lib/activity-types';
import { formatDate } from '../../_lib/dates';
import { isSportKey } from '../../_lib/sport-names';
import { formatDistance } from '../../_lib/units';
import { PublicActivityView } from './_components/public-activity-view';

// CONTRACT: Beyond the spec … Maps, privacy zones, sharing: the page of a public activity, for
// anyone (signed out too), with Open Graph tags so a shared link previews in chat apps. Every
// non-public case is the same 404 as GET /public/activities/{id}.

async function publicActivity(id: string): Promise<PublicActivityResponse> {
  const activityId = Number(id);
  if (!Number.isInteger(activityId) || activityId <= 0 || activityId > 2_147_483_647) notFound();
  try {
    return await getPublicActivity(await db(), activityId);
  } catch (error) {
    if (isAppError(error) && error.kind === 'not_found') notFound();
    throw error;
  }
}

/** One line for the page and its link previews, in the visitor's language: sport · distance · time · date. */
async function summary(a: PublicActivityResponse): Promise<string> {
  const [locale, sports, t] = [await getLocale(), await getTranslations('sports'), await getTranslations('publicActivity')];
  const parts = [isSportKey(a.activity_type) ? sports(a.activity_type) : activityTypeLabel(a.activity_type)];
  if (a.distance != null) parts.push(formatDistance(a.distance, 'metric', locale));
  const minutes = Math.round((a.moving_time ?? a.total_elapsed_time) / 60);
  parts.push(t('duration', { hours: Math.floor(minutes / 60), minutes: String(minutes % 60).padStart(2, '0') }));
  parts.push(formatDate(a.start_time, a.timezone ?? 'UTC', locale));
  return parts.join(' · ');
}

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const { id } = await params;
  const a = await publicActivity(id);
  const url = `${env().PUBLIC_URL}/a/${a.id}`;
  const description = await summary(a);
  const t = await getTranslations('publicActivity');
  return {
    title: `${a.name} · Stride`,
    description,
    openGraph: {
      type: 'article',
      title: a.name,
      description,
      url,
      siteName: 'Stride',
      images: [{ url: `${url}/image`, width: 600, height: 600, alt: t('routeOf', { name: a.name }) }],
    },
    twitter: { card: 'summary_large_image', title: a.name, description },
  };
}

export default async function PublicActivityPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const activity = await publicActivity(id);
  return (
    <main id="content">
      <PublicActivityView activity={activity} summary={await summary(activity)} tiles={mapTiles(env())} />
    </main>
  );
}
