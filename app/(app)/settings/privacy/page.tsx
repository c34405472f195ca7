import type { Metadata } from 'next';
import { env } from '@/server/env';
import { mapTiles } from '@/server/map-tiles';
import { PrivacyZonesSection } from '../_components/privacy-zones-section';

// the tile configuration is read when serving, not when building
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Privacy zones · Stride' };

export default function PrivacySettingsPage() {
  return <PrivacyZonesSection tiles={mapTiles(env())} />;
}
