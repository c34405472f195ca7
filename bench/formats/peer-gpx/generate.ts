/**
 * The peer benchmark's input: an ultra ride recorded at 1 Hz for `hours` hours, with heart rate,
 * cadence and air temperature in Garmin's TrackPointExtension, the way an Edge writes it
 * (~264 bytes a point: 24 h = 86,400 points ≈ 22.8 MB). Deterministic: a seeded generator, so
 * every run and every machine parses the same bytes. The same track as TCX (`trackTcx`) measures
 * the TCX reader on equal content.
 */

/** mulberry32: a small seeded PRNG; the bench needs repeatable bytes, not good randomness. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface TrackPoint {
  time: string;
  lat: string;
  lon: string;
  ele: string;
  hr: number;
  cad: number;
  temp: number;
  /** cumulative metres along the generated path (TCX DistanceMeters) */
  distance: string;
}

const START_MS = Date.UTC(2024, 5, 1, 4, 0, 0);

/** One point a second: riding at 6–11 m/s with a stop of 2–5 minutes about every 40 minutes. */
export function* trackPoints(hours: number, seed = 24): Generator<TrackPoint> {
  const random = seeded(seed);
  let lat = 45.5;
  let lon = 6.5;
  let ele = 400;
  let heading = 0.7;
  let speed = 8;
  let distance = 0;
  let stopLeft = 0;
  for (let i = 0; i < hours * 3600; i++) {
    if (stopLeft > 0) stopLeft--;
    else if (random() < 1 / 2400) stopLeft = 120 + Math.floor(random() * 180);
    const v = stopLeft > 0 ? 0 : speed;
    speed = Math.min(11, Math.max(6, speed + (random() - 0.5) * 0.4));
    heading += (random() - 0.5) * 0.08;
    lat += (v * Math.cos(heading)) / 111_320;
    lon += (v * Math.sin(heading)) / (111_320 * Math.cos((lat * Math.PI) / 180));
    ele = Math.max(50, ele + (random() - 0.5) * 1.2 + (stopLeft > 0 ? 0 : Math.sin(i / 900) * 0.25));
    distance += v;
    yield {
      time: new Date(START_MS + i * 1000).toISOString().replace('.000Z', 'Z'),
      lat: lat.toFixed(7),
      lon: lon.toFixed(7),
      ele: ele.toFixed(1),
      hr: stopLeft > 0 ? 100 + Math.floor(random() * 10) : 130 + Math.floor(random() * 30),
      cad: stopLeft > 0 ? 0 : 78 + Math.floor(random() * 15),
      temp: 12 + Math.floor((i / 3600) % 12),
      distance: distance.toFixed(1),
    };
  }
}

export function trackGpx(hours: number): Buffer {
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    '<gpx creator="Garmin Edge 1040" version="1.1" xmlns="http://www.topografix.com/GPX/1/1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ',
    'xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/11.xsd" ',
    'xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">\n',
    `<metadata>\n<time>${new Date(START_MS).toISOString()}</time>\n</metadata>\n`,
    `<trk>\n<name>${hours} h ultra</name>\n<type>cycling</type>\n<trkseg>\n`,
  ];
  for (const p of trackPoints(hours)) {
    parts.push(
      `<trkpt lat="${p.lat}" lon="${p.lon}">\n<ele>${p.ele}</ele>\n<time>${p.time}</time>\n<extensions>\n<gpxtpx:TrackPointExtension>\n` +
        `<gpxtpx:atemp>${p.temp}</gpxtpx:atemp>\n<gpxtpx:hr>${p.hr}</gpxtpx:hr>\n<gpxtpx:cad>${p.cad}</gpxtpx:cad>\n` +
        '</gpxtpx:TrackPointExtension>\n</extensions>\n</trkpt>\n',
    );
  }
  parts.push('</trkseg>\n</trk>\n</gpx>\n');
  return Buffer.from(parts.join(''));
}

export function trackTcx(hours: number): Buffer {
  const start = new Date(START_MS).toISOString();
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    '<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2" xmlns:ns3="http://www.garmin.com/xmlschemas/ActivityExtension/v2">\n',
    `<Activities>\n<Activity Sport="Biking">\n<Id>${start}</Id>\n<Lap StartTime="${start}">\n<TotalTimeSeconds>${hours * 3600}</TotalTimeSeconds>\n<Intensity>Active</Intensity>\n<TriggerMethod>Manual</TriggerMethod>\n<Track>\n`,
  ];
  for (const p of trackPoints(hours)) {
    parts.push(
      `<Trackpoint>\n<Time>${p.time}</Time>\n<Position>\n<LatitudeDegrees>${p.lat}</LatitudeDegrees>\n<LongitudeDegrees>${p.lon}</LongitudeDegrees>\n</Position>\n` +
        `<AltitudeMeters>${p.ele}</AltitudeMeters>\n<DistanceMeters>${p.distance}</DistanceMeters>\n<HeartRateBpm>\n<Value>${p.hr}</Value>\n</HeartRateBpm>\n<Cadence>${p.cad}</Cadence>\n` +
        `<Extensions>\n<ns3:TPX>\n<ns3:Temperature>${p.temp}</ns3:Temperature>\n</ns3:TPX>\n</Extensions>\n</Trackpoint>\n`,
    );
  }
  parts.push('</Track>\n</Lap>\n<Creator>\n<Name>Edge 1040</Name>\n</Creator>\n</Activity>\n</Activities>\n</TrainingCenterDatabase>\n');
  return Buffer.from(parts.join(''));
}
