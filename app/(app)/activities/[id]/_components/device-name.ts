/**
 * The device line: the brand once. FIT files and Strava often name the model with the brand
 * already in it ("COROS" + "COROS APEX Pro"), which printed "COROS COROS APEX Pro".
 */
export function deviceName(manufacturer: string | null, model: string | null): string | null {
  const brand = manufacturer?.trim() || null;
  const name = model?.trim() || null;
  if (!name) return null;
  if (!brand || name.toLowerCase().startsWith(brand.toLowerCase())) return name;
  return `${brand} ${name}`;
}
