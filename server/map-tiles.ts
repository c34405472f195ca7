// CONTRACT: Beyond the spec … Maps, privacy zones, sharing: the activity map draws tiles by
// default (OpenStreetMap's standard tiles with their attribution); MAP_TILE_URL and
// MAP_TILE_ATTRIBUTION configure another server, MAP_TILE_URL=none the plain background.
// The CSP allows the configured origin only (server/http/security-headers.ts).

export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
/** OpenStreetMap's tile usage policy: "© OpenStreetMap contributors", linked to its copyright page */
const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** What a map component needs: a Leaflet URL template and its attribution (HTML). */
export interface MapTiles {
  url: string;
  attribution: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The configured tile server, or null for the plain background (`MAP_TILE_URL=none`). */
export function mapTiles(config: { MAP_TILE_URL: string; MAP_TILE_ATTRIBUTION?: string | undefined }): MapTiles | null {
  if (config.MAP_TILE_URL.trim().toLowerCase() === 'none') return null;
  // an operator's attribution is text (shown as written); the default one links OSM's copyright page
  const attribution =
    config.MAP_TILE_ATTRIBUTION !== undefined ? escapeHtml(config.MAP_TILE_ATTRIBUTION) : config.MAP_TILE_URL === OSM_TILE_URL ? OSM_ATTRIBUTION : '';
  return { url: config.MAP_TILE_URL, attribution };
}
