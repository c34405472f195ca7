import type { ActivityType } from '../activity-types';
import type { Compound, Vocabulary } from './words';

// The words of the names apps write by default, in the languages they ship (en, de, fr, es, it,
// nl, pt): Strava "Morning Run" / "Nachtlauf" / "Corrida matinal" / "Pedalada ao entardecer",
// Garmin Connect "<City> Running" / "Kaiserslautern Laufen", Runkeeper "Cycling 10/2/17",
// Apple "Outdoor Cycle", komoot "Fahrradtour". Keys are tokens as `tokens()` writes them
// (lowercase, no accents) and phrases written together. Generic words ("Workout", "Training",
// "Treino", "Sortie") are left out on purpose: they name no sport, so the next rule decides.

const RUN: Record<string, ActivityType> = {
  run: 'run',
  runs: 'run',
  running: 'run',
  jog: 'run',
  jogging: 'run',
  trailrun: 'trail_run',
  trailrunning: 'trail_run',
  treadmillrun: 'treadmill',
  virtualrun: 'virtual_run',
  laufen: 'run',
  lauf: 'run',
  joggen: 'run', // de
  hardlopen: 'run',
  hardloop: 'run', // nl
  course: 'run',
  courseapied: 'run',
  footing: 'run', // fr
  carrera: 'run',
  correr: 'run', // es
  corsa: 'run', // it
  corrida: 'run', // pt
};

const RIDE: Record<string, ActivityType> = {
  ride: 'ride',
  rides: 'ride',
  bikeride: 'ride',
  cycling: 'ride',
  cycle: 'ride',
  biking: 'ride',
  bike: 'ride',
  roadride: 'ride',
  roadcycling: 'ride',
  gravel: 'gravel_ride',
  gravelride: 'gravel_ride',
  mtb: 'mtb_ride',
  mountainbike: 'mtb_ride',
  mountainbiking: 'mtb_ride',
  mountainbikeride: 'mtb_ride',
  ebike: 'e_bike_ride',
  ebikeride: 'e_bike_ride',
  virtualride: 'virtual_ride',
  zwift: 'virtual_ride',
  indoorcycling: 'indoor_ride',
  indoorride: 'indoor_ride',
  radfahren: 'ride',
  radfahrt: 'ride',
  radtour: 'ride',
  fahrradtour: 'ride',
  fahrrad: 'ride',
  radeln: 'ride',
  rennrad: 'ride',
  rennradtour: 'ride',
  mountainbiken: 'mtb_ride', // de (nl shares mountainbiken)
  fietsen: 'ride',
  fietsrit: 'ride',
  fietstocht: 'ride',
  wielrennen: 'ride', // nl
  velo: 'ride',
  cyclisme: 'ride',
  vtt: 'mtb_ride', // fr
  ciclismo: 'ride',
  bici: 'ride',
  bicicleta: 'ride',
  ciclista: 'ride', // es (ciclismo, bici also it/pt)
  bicicletta: 'ride', // it
  pedalada: 'ride',
  pedal: 'ride', // pt
};

const FOOT: Record<string, ActivityType> = {
  walk: 'walk',
  walks: 'walk',
  walking: 'walk',
  hike: 'hike',
  hikes: 'hike',
  hiking: 'hike',
  trekking: 'hike',
  spaziergang: 'walk',
  spazieren: 'walk',
  gehen: 'walk',
  wandern: 'hike',
  wanderung: 'hike',
  bergtour: 'hike', // de
  wandelen: 'walk',
  wandeling: 'walk',
  hiken: 'hike',
  wandeltocht: 'hike', // nl
  marche: 'walk',
  promenade: 'walk',
  randonnee: 'hike',
  rando: 'hike', // fr
  caminata: 'walk',
  caminar: 'walk',
  senderismo: 'hike',
  excursion: 'hike', // es
  camminata: 'walk',
  passeggiata: 'walk',
  escursione: 'hike',
  escursionismo: 'hike', // it
  caminhada: 'walk',
  trilha: 'hike', // pt
};

const WATER: Record<string, ActivityType> = {
  swim: 'swim',
  swims: 'swim',
  swimming: 'swim',
  poolswim: 'lap_swim',
  openwaterswim: 'open_water_swim',
  schwimmen: 'swim',
  zwemmen: 'swim',
  natation: 'swim',
  nage: 'swim',
  natacion: 'swim',
  nuoto: 'swim',
  nuotata: 'swim',
  natacao: 'swim',
  nado: 'swim',
  row: 'rowing',
  rowing: 'rowing',
  rudern: 'rowing',
  roeien: 'rowing',
  aviron: 'rowing',
  remo: 'rowing',
  canottaggio: 'rowing',
  kayak: 'kayaking',
  kayaking: 'kayaking',
  canoe: 'canoeing',
  canoeing: 'canoeing',
  standuppaddling: 'stand_up_paddling',
  sup: 'stand_up_paddling',
  paddleboarding: 'stand_up_paddling',
};

const OTHER: Record<string, ActivityType> = {
  ski: 'alpine_ski',
  skiing: 'alpine_ski',
  alpineski: 'alpine_ski',
  skifahren: 'alpine_ski',
  nordicski: 'nordic_ski',
  crosscountryski: 'nordic_ski',
  langlauf: 'nordic_ski',
  snowboard: 'snowboard',
  snowshoe: 'snowshoe',
  yoga: 'yoga',
  weighttraining: 'strength',
  elliptical: 'elliptical',
  golf: 'golf',
};

/** German and Dutch write a time of day and the sport as one word: "Abendlauf", "Ochtendrit". */
export const DAY_PARTS = [
  'morgen',
  'morgens',
  'vormittag',
  'vormittags',
  'mittag',
  'mittags',
  'nachmittag',
  'nachmittags',
  'abend',
  'abends',
  'nacht',
  'nachts',
  'ochtend',
  'middag',
  'namiddag',
  'avond',
  'lunch',
] as const;

const COMPOUNDS: Compound[] = [
  // Long endings read the same after any prefix ("Waldlauf", "Feierabendradtour").
  { ending: 'lauf', type: 'run' },
  { ending: 'radfahrt', type: 'ride' },
  { ending: 'radtour', type: 'ride' },
  { ending: 'radrunde', type: 'ride' },
  { ending: 'ausfahrt', type: 'ride' },
  { ending: 'spaziergang', type: 'walk' },
  { ending: 'wanderung', type: 'hike' },
  { ending: 'schwimmen', type: 'swim' },
  { ending: 'wandeling', type: 'walk' },
  { ending: 'fietstocht', type: 'ride' },
  { ending: 'fietsrit', type: 'ride' },
  { ending: 'zwemmen', type: 'swim' },
  // Short Dutch endings only after a time of day ("spirit" is no ride, "sloop" no run).
  { ending: 'loop', type: 'run', prefixes: DAY_PARTS },
  { ending: 'rit', type: 'ride', prefixes: DAY_PARTS },
];

export const NAME_VOCABULARY: Vocabulary = {
  words: { ...RUN, ...RIDE, ...FOOT, ...WATER, ...OTHER },
  compounds: COMPOUNDS,
};
