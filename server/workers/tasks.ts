// The functions a pool worker runs, by the name pool.ts passes (worker.mjs re-exports them).
export { parseTask as parseActivityFile } from '../services/ingestion/parse-task';
export { prepareTask as prepareActivityFile } from '../services/ingestion/parse-task';
export { prepareStravaTask as prepareStravaActivity } from '../services/strava/sync/strava-task';
export { effortsTask as computeStoredEfforts } from '../services/efforts/efforts-task';
export { loadInputsTask as computeStoredLoadInputs } from '../services/training-load/load-inputs-task';
export { heapSpacesTask as heapSpaces } from './heap-spaces-task';
