import { gearFullName } from '../gear/gear-full-name';
import { nicknameKey } from '../gear/nickname-key';

// spec: bulk import: "Gear is matched by nickname, or by `<brand> <model> <nickname>`, with plus
// signs treated as spaces. An unmatched gear leaves the activity without gear." Both sides are
// compared in the nickname form (case-insensitive, `+` as space, runs of spaces as one).

export interface GearCandidate {
  id: number;
  nickname: string;
  brand: string | null;
  model: string | null;
}

export function matchGear(activityGear: string | null, gear: readonly GearCandidate[]): number | null {
  if (!activityGear) return null;
  const wanted = nicknameKey(activityGear);
  if (!wanted) return null;
  const byNickname = gear.find((g) => nicknameKey(g.nickname) === wanted);
  if (byNickname) return byNickname.id;
  const byFullName = gear.find((g) => nicknameKey(gearFullName(g)) === wanted);
  return byFullName?.id ?? null;
}
