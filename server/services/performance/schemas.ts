import { z } from 'zod';

// CONTRACT: Beyond the spec … Grade-adjusted pace, Curves, Performance model: inputs and wire
// answers, shared by REST, tRPC and the web app (STYLE rule 4).

const secondsPerKm = z.number().meta({ description: 's/km' });

export const activityGapResponse = z.object({
  activity_id: z.number().int(),
  /** the activity's average pace × its distance over its equivalent flat distance */
  average_gap: secondsPerKm.nullable(),
  laps: z.array(z.object({ lap_index: z.number().int(), pace: secondsPerKm.nullable(), gap: secondsPerKm.nullable() })),
  splits: z.array(z.object({ split: z.number().int(), distance: z.number(), elapsed_time: z.number().int(), pace: secondsPerKm, gap: secondsPerKm })),
});
export type ActivityGapResponse = z.infer<typeof activityGapResponse>;
