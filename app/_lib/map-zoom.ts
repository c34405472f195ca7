'use client';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';

/** Leaflet's zoom buttons' titles (and so their accessible names) in the user's language: `L.control.zoom(titles)`. */
export function useZoomTitles(): { zoomInTitle: string; zoomOutTitle: string } {
  const t = useTranslations('maps');
  return useMemo(() => ({ zoomInTitle: t('zoomIn'), zoomOutTitle: t('zoomOut') }), [t]);
}
