'use client';
import { trpc } from './trpc';
import type { Units } from './units';

/** The signed-in user's profile (cached across pages) and the units to display in. */
export function useMe() {
  const me = trpc.profile.me.useQuery(undefined, { staleTime: 60_000 });
  const units: Units = me.data?.preferred_units === 'imperial' ? 'imperial' : 'metric';
  return { me, units, timezone: me.data?.timezone ?? null };
}
