/**
 * A one-hour ride (1 Hz, 3,600 points) near a place chosen by the seed: heading changing slowly,
 * ~8 m/s, ~1 m of GPS noise, coordinates with 7 decimals as stored. Deterministic per seed.
 */
export function syntheticRide(seed: number): [number[], number[]] {
  let s = seed * 9301 + 49297;
  const rand = () => ((s = (s * 9301 + 49297) % 233280) / 233280) * 2 - 1;
  const lat: number[] = [];
  const lon: number[] = [];
  let a = 47 + (seed % 20) * 0.05;
  let o = 8 + Math.floor(seed / 20) * 0.05;
  let heading = rand() * Math.PI;
  for (let i = 0; i < 3600; i++) {
    heading += rand() * 0.08 + (i % 600 < 20 ? 0.07 : 0);
    a += (Math.cos(heading) * 8) / 111_320 + rand() / 111_320;
    o += (Math.sin(heading) * 8) / (111_320 * Math.cos((a * Math.PI) / 180)) + rand() / 111_320;
    lat.push(Math.round(a * 1e7) / 1e7);
    lon.push(Math.round(o * 1e7) / 1e7);
  }
  return [lat, lon];
}
