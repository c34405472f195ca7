import type { Db } from '@/db/client';
import { env } from '@/server/env';
import { mapTiles } from '@/server/map-tiles';
import { DEFAULT_PAGE_SIZE } from '../activities/schemas';
import { listIdentityProviders } from '../identity-providers/list-identity-providers';
import type { PublicServerSettingsResponse } from './schemas';

/** The plain map background of the light theme (--map-bg in app/globals.css). */
export const MAP_BACKGROUND_COLOR = '#e9ece6';

/** What a client needs before it signs in, in Endurain's names: from the environment and the enabled identity providers. */
export async function getPublicServerSettings(db: Db): Promise<PublicServerSettingsResponse> {
  const tiles = mapTiles(env());
  const providers = await listIdentityProviders(db, { enabledOnly: true });
  return {
    local_login_enabled: true,
    sso_enabled: providers.length > 0,
    sso_auto_redirect: false,
    signup_enabled: false,
    units: 'metric',
    tileserver_url: tiles?.url ?? null,
    tileserver_attribution: tiles?.attribution ?? '',
    map_background_color: MAP_BACKGROUND_COLOR,
    public_shareable_links: true,
    public_shareable_links_user_info: false,
    login_photo_set: false,
    num_records_per_page: DEFAULT_PAGE_SIZE,
  };
}
