import { activityFamily, type ActivityType } from '../activity-types';

/**
 * Words of a name or creator as plain lowercase tokens: accents dropped ("Randonnée" →
 * "randonnee", "Natação" → "natacao"), ß → ss, letters split from digits ("EDGE705" → "edge",
 * "705"), everything else a separator. Whole tokens only: "Strides" must not read as "ride".
 */
export function tokens(text: string): string[] {
  const plain = text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss');
  return plain.match(/\p{L}+|\p{N}+/gu) ?? [];
}

export interface Vocabulary {
  /** Single words and phrases written together ("trail run" → "trailrun"). */
  words: Record<string, ActivityType>;
  /** German/Dutch compounds: a token ending in `ending` after a prefix the rule accepts. */
  compounds?: readonly Compound[];
}

export interface Compound {
  ending: string;
  type: ActivityType;
  /** Accepted prefixes; absent = any prefix of at least two letters ("Waldlauf", "Nachtlauf"). */
  prefixes?: readonly string[];
}

const MAX_PHRASE_WORDS = 4;

function compoundType(token: string, compounds: readonly Compound[]): ActivityType | null {
  for (const { ending, type, prefixes } of compounds) {
    if (!token.endsWith(ending) || token.length === ending.length) continue;
    const prefix = token.slice(0, -ending.length);
    if (prefixes ? prefixes.includes(prefix) : prefix.length >= 2) return type;
  }
  return null;
}

/** Every sport the text names, in reading order; the longest phrase at a position wins. */
export function sportsNamed(text: string, vocabulary: Vocabulary): ActivityType[] {
  const list = tokens(text);
  const found: ActivityType[] = [];
  for (let i = 0; i < list.length;) {
    let matched = 0;
    for (let n = Math.min(MAX_PHRASE_WORDS, list.length - i); n >= 1 && !matched; n--) {
      const type = vocabulary.words[list.slice(i, i + n).join('')];
      if (type) {
        found.push(type);
        matched = n;
      }
    }
    if (!matched) {
      const type = compoundType(list[i]!, vocabulary.compounds ?? []);
      if (type) found.push(type);
    }
    i += matched || 1;
  }
  return found;
}

/**
 * The one sport a text names: the first one found, provided every sport it names is of the same
 * family ("Trail Run" → trail_run; "Walk & hike" → walk). A text naming two families ("Swim Bike
 * Run", "Run to the bike shop") decides nothing.
 */
export function sportOf(text: string | null, vocabulary: Vocabulary): ActivityType | null {
  if (!text) return null;
  const found = sportsNamed(text, vocabulary);
  if (found.length === 0) return null;
  const family = activityFamily(found[0]!);
  return found.every((t) => activityFamily(t) === family) ? found[0]! : null;
}
