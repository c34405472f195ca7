// A GPX thinned the way Strava's export thins it: of each track segment, the first point, then the
// first point at least `everySeconds` after the last one kept, and the segment's last point (so the
// elapsed time stays). Text in, text out: the rest of the document is kept as it is.

const POINT = /<trkpt\b[\s\S]*?<\/trkpt>/g;
const SEGMENT = /<trkseg\b[^>]*>([\s\S]*?)<\/trkseg>/g;
const timeOf = (point: string): number | null => {
  const found = /<time>([^<]+)<\/time>/.exec(point);
  const ms = found ? Date.parse(found[1]!) : NaN;
  return Number.isFinite(ms) ? ms : null;
};

export function thinGpx(gpx: string, everySeconds: number): string {
  return gpx.replace(SEGMENT, (segment, body: string) => {
    const points = body.match(POINT) ?? [];
    const kept: string[] = [];
    let last: number | null = null;
    points.forEach((point, i) => {
      const t = timeOf(point);
      if (t === null) return;
      if (last === null || t - last >= everySeconds * 1000 || i === points.length - 1) {
        kept.push(point);
        last = t;
      }
    });
    return segment.replace(body, () => `\n${kept.join('\n')}\n`);
  });
}

/** Points `{ lat, lon, time }` as a one-segment GPX track of the given type. */
export function gpxOfPoints(type: string, points: { lat: number; lon: number; time: Date }[]): string {
  const trkpts = points.map((p) => `<trkpt lat="${p.lat}" lon="${p.lon}"><time>${p.time.toISOString()}</time></trkpt>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><type>${type}</type><trkseg>\n${trkpts}\n</trkseg></trk></gpx>\n`;
}
