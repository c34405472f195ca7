// The functions a pool worker runs, by the name pool.ts passes (worker.mjs re-exports them).
export { parseTask as parseActivityFile } from './parse-task';
export { prepareTask as prepareActivityFile } from './parse-task';
export { prepareStravaTask as prepareStravaActivity } from './strava-task';
export { effortsTask as computeStoredEfforts } from './efforts-task';
export { loadInputsTask as computeStoredLoadInputs } from './load-inputs-task';
