import { z } from 'zod';

// Issue 51: GET /public/server_settings with the field names and meanings of Endurain's
// ServerSettingsReadPublic (backend/app/server_settings/schema.py), filled from Stride's own
// configuration. Gadgetbridge reads local_login_enabled and sso_enabled before it signs in; the
// Endurain app reads them all (units as a string, the tile server for its maps).
export const publicServerSettingsResponse = z.object({
  local_login_enabled: z.boolean().describe('Username and password sign-in is accepted (always, on Stride).'),
  sso_enabled: z.boolean().describe('At least one enabled identity provider (GET /public/idp lists them).'),
  sso_auto_redirect: z.boolean().describe('The sign-in page goes straight to the only identity provider: never on Stride.'),
  signup_enabled: z.boolean().describe('Anyone may create an account: never on Stride (an admin creates users).'),
  units: z.enum(['metric', 'imperial']).describe('The units the server stores and shows by default: metric.'),
  tileserver_url: z.string().nullable().describe('Leaflet URL template of map tiles (MAP_TILE_URL); null: MAP_TILE_URL=none, routes on a plain background.'),
  tileserver_attribution: z.string().describe("The tiles' attribution, HTML (MAP_TILE_ATTRIBUTION, escaped; empty without tiles)."),
  map_background_color: z
    .string()
    .regex(/^#[0-9a-f]{6}$/)
    .describe('The colour under the tiles and of the plain background, #rrggbb.'),
  public_shareable_links: z.boolean().describe('Activities can be made public at /a/{id} (visibility "public").'),
  public_shareable_links_user_info: z.boolean().describe('Public pages show who the activity belongs to: never on Stride.'),
  login_photo_set: z.boolean().describe('A custom sign-in picture: never on Stride.'),
  num_records_per_page: z.number().int().min(1).max(100).describe('The default page size of lists (GET /activities page_size).'),
});
export type PublicServerSettingsResponse = z.infer<typeof publicServerSettingsResponse>;
