import type { Vocabulary } from './words';

// The recording app or device (GPX `creator`, TCX Creator Name, FIT manufacturer and product)
// when it exists for one sport: a bike computer records rides, "Urban Biker" and Cyclemeter are
// cycling apps, Runmeter a running app. Apps for many sports (Strava, Runkeeper, Movescount,
// sportractive, Garmin Connect) and multisport watches (Forerunner, fēnix, Suunto) say nothing
// here; the motion decides for them.
export const CREATOR_VOCABULARY: Vocabulary = {
  words: {
    // words in app names
    bike: 'ride',
    biker: 'ride',
    bikes: 'ride',
    cycle: 'ride',
    cycling: 'ride',
    cyclist: 'ride',
    velo: 'ride',
    ride: 'ride',
    rider: 'ride',
    run: 'run',
    runner: 'run',
    running: 'run',
    swim: 'swim',
    swimmer: 'swim',
    walk: 'walk',
    walker: 'walk',
    hike: 'hike',
    hiker: 'hike',
    hiking: 'hike',
    // single-sport apps
    cyclemeter: 'ride',
    bikemap: 'ride',
    ridewithgps: 'ride',
    trainerroad: 'ride',
    wattbike: 'ride',
    rouvy: 'virtual_ride',
    runmeter: 'run',
    stryd: 'run',
    walkmeter: 'walk',
    alltrails: 'hike',
    myswimpro: 'swim',
    ergdata: 'rowing',
    concept: 'rowing', // Concept2 (tokenized "concept", "2"): rowing machines
    // bike computers
    edge: 'ride',
    elemnt: 'ride',
    karoo: 'ride',
    rox: 'ride',
    bryton: 'ride',
    lezyne: 'ride',
    igpsport: 'ride',
    cateye: 'ride',
  },
};
