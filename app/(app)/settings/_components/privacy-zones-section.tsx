'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { MapTiles } from '@/server/map-tiles';
import { ConfirmButton } from '../../../_components/confirm-button';
import { FormFooter } from '../../../_components/form-footer';
import { ProblemAlert } from '../../../_components/problem-alert';
import { SectionCard } from '../../../_components/section-card';
import { LoadedList } from '../../../_components/loaded-list';
import { problemOf } from '../../../_lib/problem';
import { refreshQuery } from '../../../_lib/refresh-query';
import { trpc } from '../../../_lib/trpc';
import { useFormSubmit } from '../../../_lib/use-form-submit';
import { PrivacyZonePicker } from './privacy-zone-picker';

/**
 * CONTRACT: Beyond the spec … Maps, privacy zones, sharing: circles (100–5000 m) in which your
 * points are hidden from everyone else (public pages and their map, streams and start).
 */
export function PrivacyZonesSection({ tiles }: { tiles: MapTiles | null }) {
  const t = useTranslations('settings.privacy');
  const zones = trpc.maps.privacyZones.useQuery();
  const utils = trpc.useUtils();
  const refresh = () => void refreshQuery(utils.maps.privacyZones);
  const create = trpc.maps.createPrivacyZone.useMutation({ onSuccess: refresh });
  const remove = trpc.maps.deletePrivacyZone.useMutation({ onSuccess: refresh });
  const [lat, setLat] = useState('');
  const [lon, setLon] = useState('');
  const [radius, setRadius] = useState('300');
  const submit = useFormSubmit(async (form) => {
    await create.mutateAsync({ name: String(form.get('name') ?? ''), lat: Number(lat), lon: Number(lon), radius: Number(radius) });
    setLat('');
    setLon('');
  });
  const draft =
    lat !== '' && lon !== '' && Number.isFinite(Number(lat)) && Number.isFinite(Number(lon))
      ? { lat: Number(lat), lon: Number(lon), radius: Number(radius) || 0 }
      : null;

  return (
    <SectionCard title={t('title')}>
      <p className="muted">{t('intro')}</p>
      <PrivacyZonePicker
        tiles={tiles}
        zones={zones.data ?? []}
        draft={draft}
        onPick={(a, o) => {
          setLat(String(a));
          setLon(String(o));
        }}
      />
      <form className="stack subtle" onSubmit={submit.onSubmit} aria-label={t('add')}>
        <div className="form-row">
          <label className="field">
            <span>{t('name')}</span>
            <input name="name" required maxLength={100} aria-invalid={Boolean(submit.fieldError('name'))} />
          </label>
          <label className="field">
            <span>{t('latitude')}</span>
            <input name="lat" type="number" step="any" min={-90} max={90} required value={lat} onChange={(e) => setLat(e.target.value)} />
          </label>
          <label className="field">
            <span>{t('longitude')}</span>
            <input name="lon" type="number" step="any" min={-180} max={180} required value={lon} onChange={(e) => setLon(e.target.value)} />
          </label>
          <label className="field">
            <span>{t('radius')}</span>
            <input name="radius" type="number" min={100} max={5000} step={50} required value={radius} onChange={(e) => setRadius(e.target.value)} />
          </label>
        </div>
        <FormFooter submit={submit} label={t('addZone')} />
      </form>
      <ProblemAlert problem={zones.error ? problemOf(zones.error) : null} />
      <LoadedList items={zones.data} lines={2} empty={<p className="empty">{t('empty')}</p>}>
        {(items) => (
          <ul className="stack" aria-label={t('list')}>
            {items.map((z) => (
              <li key={z.id} className="row">
                <span>
                  {z.name}: {z.lat.toFixed(5)}, {z.lon.toFixed(5)}, {z.radius} m
                </span>
                <ConfirmButton
                  label={t('remove')}
                  ariaLabel={t('removeNamed', { name: z.name })}
                  title={t('removeTitle', { name: z.name })}
                  confirmLabel={t('remove')}
                  onConfirm={() => remove.mutateAsync({ id: z.id })}
                />
              </li>
            ))}
          </ul>
        )}
      </LoadedList>
    </SectionCard>
  );
}
