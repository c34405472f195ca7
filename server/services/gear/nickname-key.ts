// CONTRACT: Gear and health: nicknames are unique per user, compared case-insensitively with `+`
// read as a space (Strava's export writes spaces as plus signs in places).
export function nicknameKey(nickname: string): string {
  return nickname.replace(/\+/g, ' ').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** spec: import: a blank name is empty or only spaces and plus signs. */
export function isBlankName(name: string | null | undefined): boolean {
  return !name || /^[\s+]*$/.test(name);
}
