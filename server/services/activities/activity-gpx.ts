import type { ActivityRow, ActivityStreamsRow } from '@/db/schema';

// GPX 1.1 built from the stored streams, with heart rate, cadence and temperature in Garmin's
// TrackPointExtension v1 and power as <power> (the form Strava and most tools read).

const xml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
const num = (v: number | null | undefined, digits: number) => (v == null ? null : Number(v.toFixed(digits)).toString());

export function activityGpx(activity: ActivityRow, streams: ActivityStreamsRow | null): string {
  const start = activity.startTime.getTime();
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.1" creator="Stride" xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">',
    `  <metadata><name>${xml(activity.name)}</name><time>${activity.startTime.toISOString()}</time></metadata>`,
    `  <trk><name>${xml(activity.name)}</name><type>${xml(activity.activityType)}</type><trkseg>`,
  ];
  const time = streams?.time ?? [];
  for (let i = 0; i < time.length; i++) {
    const lat = streams?.lat?.[i];
    const lon = streams?.lon?.[i];
    if (lat == null || lon == null) continue;
    const ele = num(streams?.altitude?.[i], 1);
    const hr = num(streams?.heartRate?.[i], 0);
    const cad = num(streams?.cadence?.[i], 0);
    const temp = num(streams?.temperature?.[i], 1);
    const power = num(streams?.power?.[i], 0);
    const tpx = [hr && `<gpxtpx:hr>${hr}</gpxtpx:hr>`, cad && `<gpxtpx:cad>${cad}</gpxtpx:cad>`, temp && `<gpxtpx:atemp>${temp}</gpxtpx:atemp>`]
      .filter(Boolean)
      .join('');
    const ext =
      tpx || power
        ? `<extensions>${power ? `<power>${power}</power>` : ''}${tpx ? `<gpxtpx:TrackPointExtension>${tpx}</gpxtpx:TrackPointExtension>` : ''}</extensions>`
        : '';
    const when = new Date(start + time[i]! * 1000).toISOString();
    out.push(`    <trkpt lat="${lat.toFixed(7)}" lon="${lon.toFixed(7)}">${ele ? `<ele>${ele}</ele>` : ''}<time>${when}</time>${ext}</trkpt>`);
  }
  out.push('  </trkseg></trk>', '</gpx>', '');
  return out.join('\n');
}
