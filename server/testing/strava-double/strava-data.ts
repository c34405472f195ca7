// Shapes of Strava API v3 answers as developers.strava.com documents them (SummaryActivity,
// StreamSet, Lap, SummaryAthlete), and a generator of plausible histories for the double.

export interface StravaStream {
  data: unknown[];
  series_type: 'distance' | 'time';
  original_size: number;
  resolution: 'low' | 'medium' | 'high';
}

export interface StravaLap {
  id: number;
  resource_state: 2;
  name: string;
  activity: { id: number; resource_state: 1 };
  athlete: { id: number; resource_state: 1 };
  elapsed_time: number;
  moving_time: number;
  start_date: string;
  start_date_local: string;
  distance: number;
  start_index: number;
  end_index: number;
  total_elevation_gain: number;
  average_speed: number;
  max_speed: number;
  average_cadence?: number;
  average_watts?: number;
  average_heartrate?: number;
  max_heartrate?: number;
  lap_index: number;
  split: number;
}

/** SummaryActivity, the element of GET /athlete/activities. */
export interface StravaSummaryActivity {
  id: number;
  resource_state: 2;
  external_id: string | null;
  upload_id: number | null;
  athlete: { id: number; resource_state: 1 };
  name: string;
  distance: number;
  moving_time: number;
  elapsed_time: number;
  total_elevation_gain: number;
  elev_high?: number;
  elev_low?: number;
  type: string;
  sport_type: string;
  start_date: string;
  start_date_local: string;
  timezone: string;
  start_latlng: [number, number] | [];
  end_latlng: [number, number] | [];
  achievement_count: number;
  kudos_count: number;
  comment_count: number;
  athlete_count: number;
  photo_count: number;
  total_photo_count: number;
  map: { id: string; summary_polyline: string | null; resource_state: 2 };
  trainer: boolean;
  commute: boolean;
  manual: boolean;
  private: boolean;
  flagged: boolean;
  gear_id: string | null;
  average_speed: number;
  max_speed: number;
  average_cadence?: number;
  average_watts?: number;
  weighted_average_watts?: number;
  kilojoules?: number;
  device_watts?: boolean;
  has_heartrate: boolean;
  average_heartrate?: number;
  max_heartrate?: number;
  max_watts?: number;
  workout_type: number | null;
}

/** What the double knows about one activity: its summary, every stream it has, its laps. */
export interface DoubleActivity {
  summary: StravaSummaryActivity;
  streams: Record<string, StravaStream>;
  laps: StravaLap[];
}

export interface StravaAthlete {
  id: number;
  resource_state: 2;
  firstname: string;
  lastname: string;
  city: string | null;
  country: string | null;
  sex: 'M' | 'F' | null;
  premium: boolean;
  summit: boolean;
  created_at: string;
  updated_at: string;
}

export function makeAthlete(id: number, firstname = 'Test', lastname = `Athlete ${id}`): StravaAthlete {
  return {
    id,
    resource_state: 2,
    firstname,
    lastname,
    city: 'Lyon',
    country: 'France',
    sex: null,
    premium: false,
    summit: false,
    created_at: '2020-01-01T00:00:00Z',
    updated_at: '2020-01-01T00:00:00Z',
  };
}

const stream = (data: unknown[]): StravaStream => ({ data, series_type: 'distance', original_size: data.length, resolution: 'high' });

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

export interface ActivityShape {
  id: number;
  athleteId: number;
  start: Date;
  sportType?: string;
  name?: string;
  /** points in the streams (one per 10 s); 0 makes a manual activity without streams */
  points?: number;
  laps?: number;
  heartrate?: boolean;
  watts?: boolean;
}

/** A ride or run with GPS, altitude and (optionally) heart rate and power, split into laps. */
export function makeActivity(shape: ActivityShape): DoubleActivity {
  const { id, athleteId, start } = shape;
  const points = shape.points ?? 60;
  const sportType = shape.sportType ?? 'Ride';
  const speed = sportType.includes('Run') ? 3 : 8;
  const elapsed = Math.max(points - 1, 1) * 10;
  const distance = points > 0 ? speed * elapsed : 5000;
  const startMs = start.getTime();
  const lat0 = 45.75 + (id % 100) / 1000;
  const lon0 = 4.85;
  const streams: Record<string, StravaStream> = {};
  if (points > 0) {
    const idx = Array.from({ length: points }, (_, i) => i);
    streams.time = stream(idx.map((i) => i * 10));
    streams.distance = stream(idx.map((i) => i * 10 * speed));
    streams.latlng = stream(idx.map((i) => [lat0 + i * 0.0005, lon0 + i * 0.0003]));
    streams.altitude = stream(idx.map((i) => 170 + (i % 20)));
    streams.velocity_smooth = stream(idx.map(() => speed));
    streams.moving = stream(idx.map(() => true));
    streams.grade_smooth = stream(idx.map(() => 0.5));
    if (shape.heartrate !== false) streams.heartrate = stream(idx.map((i) => 120 + (i % 30)));
    if (shape.watts) streams.watts = stream(idx.map((i) => 180 + (i % 40)));
    streams.cadence = stream(idx.map(() => (sportType.includes('Run') ? 85 : 90)));
  }
  const lapCount = points > 0 ? Math.max(1, Math.min(shape.laps ?? 2, points)) : 0;
  const perLap = Math.floor(points / Math.max(lapCount, 1));
  const laps: StravaLap[] = Array.from({ length: lapCount }, (_, i) => {
    const startIndex = i * perLap;
    const endIndex = i === lapCount - 1 ? points - 1 : (i + 1) * perLap - 1;
    const lapElapsed = (endIndex - startIndex) * 10;
    return {
      id: id * 100 + i,
      resource_state: 2,
      name: `Lap ${i + 1}`,
      activity: { id, resource_state: 1 },
      athlete: { id: athleteId, resource_state: 1 },
      elapsed_time: lapElapsed,
      moving_time: lapElapsed,
      start_date: iso(startMs + startIndex * 10_000),
      start_date_local: iso(startMs + startIndex * 10_000),
      distance: lapElapsed * speed,
      start_index: startIndex,
      end_index: endIndex,
      total_elevation_gain: 12,
      average_speed: speed,
      max_speed: speed * 1.2,
      average_cadence: 88,
      ...(shape.watts ? { average_watts: 200 } : {}),
      ...(shape.heartrate !== false ? { average_heartrate: 135, max_heartrate: 149 } : {}),
      lap_index: i + 1,
      split: i + 1,
    };
  });
  const summary: StravaSummaryActivity = {
    id,
    resource_state: 2,
    external_id: `garmin_${id}.fit`,
    upload_id: id * 10,
    athlete: { id: athleteId, resource_state: 1 },
    name: shape.name ?? `${sportType} ${id}`,
    distance,
    moving_time: elapsed,
    elapsed_time: elapsed,
    total_elevation_gain: 19,
    elev_high: 189,
    elev_low: 170,
    type: sportType.includes('Run') ? 'Run' : 'Ride',
    sport_type: sportType,
    start_date: iso(startMs),
    start_date_local: iso(startMs + 3600_000),
    timezone: '(GMT+01:00) Europe/Paris',
    start_latlng: points > 0 ? [lat0, lon0] : [],
    end_latlng: points > 0 ? [lat0 + (points - 1) * 0.0005, lon0 + (points - 1) * 0.0003] : [],
    achievement_count: 0,
    kudos_count: 0,
    comment_count: 0,
    athlete_count: 1,
    photo_count: 0,
    total_photo_count: 0,
    map: { id: `a${id}`, summary_polyline: null, resource_state: 2 },
    trainer: false,
    commute: false,
    manual: points === 0,
    private: false,
    flagged: false,
    gear_id: null,
    average_speed: speed,
    max_speed: speed * 1.2,
    ...(points > 0 ? { average_cadence: 88 } : {}),
    ...(shape.watts ? { average_watts: 200, weighted_average_watts: 205, kilojoules: (200 * elapsed) / 1000, device_watts: true, max_watts: 219 } : {}),
    has_heartrate: points > 0 && shape.heartrate !== false,
    ...(points > 0 && shape.heartrate !== false ? { average_heartrate: 135, max_heartrate: 149 } : {}),
    workout_type: null,
  };
  return { summary, streams, laps };
}

/** `count` activities, one every `everyHours` hours from `from` (ids from `firstId`). */
export function makeHistory(
  athleteId: number,
  count: number,
  from: Date,
  options: { firstId?: number; everyHours?: number; points?: number } = {},
): DoubleActivity[] {
  const firstId = options.firstId ?? 10_000_000_000;
  const step = (options.everyHours ?? 13) * 3600_000;
  return Array.from({ length: count }, (_, i) =>
    makeActivity({
      id: firstId + i,
      athleteId,
      start: new Date(from.getTime() + i * step),
      points: options.points ?? 30,
      sportType: i % 3 === 0 ? 'Run' : 'Ride',
      watts: i % 2 === 0,
    }),
  );
}
