'use client';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { authHeaders } from '../../../../_lib/session-store';
import { trpc } from '../../../../_lib/trpc';
import type { MediaResponse } from '@/server/services/activity-media/schemas';

type Photo = Pick<MediaResponse, 'id' | 'filename' | 'url' | 'width' | 'height'>;

/**
 * Photos attached by the export import. The image URLs need the bearer token (kept in memory,
 * never in a cookie), so each is fetched with it and shown from a blob URL.
 */
export function ActivityPhotos({ id }: { id: number }) {
  const t = useTranslations('activity');
  const media = trpc.activities.media.useQuery({ id });
  if (!media.data?.length) return null;
  return (
    <section className="card" aria-labelledby="photos-heading">
      <h2 id="photos-heading">{t('photos')}</h2>
      <div className="photo-grid">
        {media.data.map((photo) => (
          <PhotoImage key={photo.id} photo={photo} />
        ))}
      </div>
    </section>
  );
}

function PhotoImage({ photo }: { photo: Photo }) {
  const t = useTranslations('activity');
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    let cancelled = false;
    void fetch(photo.url, { headers: authHeaders() })
      .then((response) => (response.ok ? response.blob() : null))
      .then((blob) => {
        if (!blob || cancelled) return;
        url = URL.createObjectURL(blob);
        setSrc(url);
      });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [photo.url]);
  if (!src) return <div className="photo skeleton-block" aria-label={t('loadingPhoto', { file: photo.filename })} />;
  // eslint-disable-next-line @next/next/no-img-element -- a blob URL of a private image, not an optimisable asset
  return <img className="photo" src={src} alt={photo.filename} width={photo.width ?? undefined} height={photo.height ?? undefined} />;
}
