import { z } from 'zod';

// CONTRACT: Beyond the spec … Maps, privacy zones, sharing: `{ "id", "name", "lat", "lon", "radius" }`,
// radius in metres 100–5000; out of range → 422.

export const PRIVACY_ZONE_RADIUS = { min: 100, max: 5000 } as const;
/** zones per user: enough for homes and workplaces, few enough to test each point against all */
export const MAX_PRIVACY_ZONES = 20;

export const createPrivacyZoneInput = z.strictObject({
  name: z.string().trim().min(1, 'name must not be empty').max(100),
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  radius: z.number().min(PRIVACY_ZONE_RADIUS.min).max(PRIVACY_ZONE_RADIUS.max),
});

export type CreatePrivacyZoneInput = z.infer<typeof createPrivacyZoneInput>;

export const privacyZoneResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  lat: z.number(),
  lon: z.number(),
  radius: z.number(),
});

export type PrivacyZoneResponse = z.infer<typeof privacyZoneResponse>;
