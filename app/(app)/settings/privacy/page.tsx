import { env } from '@/server/env';
import { mapTiles } from '@/server/map-tiles';
import { PrivacyZonesSection } from '../_components/privacy-zones-section';
import { pageTitle } from '../../../_lib/page-title';

// the tile configuration is read when serving, not when building
export const dynamic = 'force-dynamic';

export const generateMetadata = pageTitle('privacy');

export default function PrivacySettingsPage() {
  return <PrivacyZonesSection tiles={mapTiles(env())} />;
}
