import { describe, expect, it } from 'vitest';
import { CREATOR_VOCABULARY } from './creator-vocabulary';
import { NAME_VOCABULARY } from './name-vocabulary';
import { sportOf, tokens } from './words';

const byName = (name: string) => sportOf(name, NAME_VOCABULARY);
const byCreator = (creator: string) => sportOf(creator, CREATOR_VOCABULARY);

describe('sport inference rule 1: the default names apps write, in the languages they ship', () => {
  // [language, name as an app writes it, sport]
  const names: [string, string, string][] = [
    ['en', 'Morning Run', 'run'],
    ['en', 'Afternoon Ride', 'ride'],
    ['en', 'Evening Walk', 'walk'],
    ['en', 'Lunch Swim', 'swim'],
    ['en', 'Night Hike', 'hike'],
    ['en', 'Cycling 10/2/17 10:49 am', 'ride'],
    ['en', 'Outdoor Cycle', 'ride'],
    ['en', 'Morning Trail Run', 'trail_run'],
    ['en', 'Afternoon E-Bike Ride', 'e_bike_ride'],
    ['en', 'Open Water Swim', 'open_water_swim'],
    ['en', 'Lunch Row', 'rowing'],
    ['en', 'Afternoon Stand Up Paddling', 'stand_up_paddling'],
    ['de', 'Nachtlauf', 'run'],
    ['de', 'Mittagslauf', 'run'],
    ['de', 'Kaiserslautern Laufen', 'run'],
    ['de', 'Abendradfahrt', 'ride'],
    ['de', 'Radfahren', 'ride'],
    ['de', 'Fahrradtour am Rhein', 'ride'],
    ['de', 'Morgenspaziergang', 'walk'],
    ['de', 'Wanderung am Nachmittag', 'hike'],
    ['de', 'Schwimmen', 'swim'],
    ['de', 'Langlauf', 'nordic_ski'],
    ['fr', 'Course à pied le matin', 'run'],
    ['fr', 'Sortie vélo', 'ride'],
    ['fr', 'VTT', 'mtb_ride'],
    ['fr', 'Marche', 'walk'],
    ['fr', 'Randonnée', 'hike'],
    ['fr', 'Natation', 'swim'],
    ['es', 'Carrera matutina', 'run'],
    ['es', 'Vuelta en bicicleta', 'ride'],
    ['es', 'Caminata', 'walk'],
    ['es', 'Senderismo', 'hike'],
    ['es', 'Natación', 'swim'],
    ['it', 'Corsa mattutina', 'run'],
    ['it', 'Giro in bici', 'ride'],
    ['it', 'Camminata', 'walk'],
    ['it', 'Escursione', 'hike'],
    ['it', 'Nuotata', 'swim'],
    ['nl', 'Ochtendloop', 'run'],
    ['nl', 'Hardlopen', 'run'],
    ['nl', 'Avondrit', 'ride'],
    ['nl', 'Fietsen', 'ride'],
    ['nl', 'Middagwandeling', 'walk'],
    ['nl', 'Zwemmen', 'swim'],
    ['pt', 'Corrida matinal', 'run'],
    ['pt', 'Corrida na hora do almoço', 'run'],
    ['pt', 'Pedalada ao entardecer', 'ride'],
    ['pt', 'Caminhada', 'walk'],
    ['pt', 'Trilha', 'hike'],
    ['pt', 'Natação', 'swim'],
  ];
  it.each(names)('%s: "%s" → %s', (_language, name, sport) => {
    expect(byName(name)).toBe(sport);
  });

  it('matches whole words, never parts of words ("Strides" is no ride, "Spirit" no Dutch "rit")', () => {
    expect(byName('Strides')).toBeNull();
    expect(byName('Team Spirit')).toBeNull();
    expect(byName('Brunch')).toBeNull();
    expect(byName('Sloop')).toBeNull();
  });

  it('generic words name no sport, so the next rule decides', () => {
    for (const name of ['Morning Workout', 'Treino 5km', 'Move', 'Sankt Pölten', 'ACTIVE LOG', 'Training']) {
      expect(byName(name), name).toBeNull();
    }
  });

  it('a name naming two families decides nothing; one family keeps its first, most specific word', () => {
    expect(byName('Swim Bike Run')).toBeNull();
    expect(byName('Run to the bike shop')).toBeNull();
    expect(byName('Walk and hike')).toBe('walk');
    expect(byName('Trail Run, easy run')).toBe('trail_run');
  });

  it('tokens: accents dropped, ß spelled out, letters split from digits', () => {
    expect(tokens('Randonnée Fußweg EDGE705')).toEqual(['randonnee', 'fussweg', 'edge', '705']);
  });
});

describe('sport inference rule 2: the creator app or device, when it exists for one sport', () => {
  it.each([
    ['Urban Biker - with barometer', 'ride'],
    ['EDGE705', 'ride'],
    ['Garmin Edge 500', 'ride'],
    ['Wahoo ELEMNT', 'ride'],
    ['Hammerhead Karoo 2', 'ride'],
    ['SIGMA ROX 11.1 EVO', 'ride'],
    ['Cyclemeter', 'ride'],
    ['Runmeter', 'run'],
    ['Walkmeter', 'walk'],
    ['Concept2 ErgData', 'rowing'],
  ])('"%s" → %s', (creator, sport) => {
    expect(byCreator(creator)).toBe(sport);
  });

  it('multisport apps and watches say nothing', () => {
    for (const creator of [
      'Runkeeper',
      'StravaGPX',
      'Movescount',
      'sportractive.com',
      'Garmin Connect',
      'GPSBabel',
      'Garmin Forerunner 305',
      'Garmin Fenix 2',
      'vívoactive HR',
      'Suunto',
    ]) {
      expect(byCreator(creator), creator).toBeNull();
    }
  });
});
