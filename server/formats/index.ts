import type { FileFormat, ParseOptions, ParsedActivity } from './types';
import { describeContent, detectContent, formatFromFilename, type AcceptedName } from './detect';
import { gunzipBounded, isGzip } from './gzip';
import { InvalidFile } from './invalid-file';
import { clampText } from './finalize';
import { DEFAULT_MAX_UPLOAD_BYTES, INFLATE_FACTOR, MAX_DEVICE_CHARS, MAX_NAME_CHARS, MAX_POINTS, MIB } from './limits';
import { parseFit } from './fit/parse-fit';
import { parseGpx } from './gpx/parse-gpx';
import { parseTcx } from './tcx/parse-tcx';

export type { FileFormat, ParseOptions, ParsedActivity, ParsedLap, Streams, Stream } from './types';
export { InvalidFile, isInvalidFile } from './invalid-file';
export {
  ACTIVITY_TYPE_SOURCES,
  ACTIVITY_TYPES,
  FALLBACK_ACTIVITY_TYPE,
  activityFamily,
  activityTypeFromFit,
  activityTypeFromStrava,
  activityTypeFromText,
  isActivityType,
  type ActivityFamily,
  type ActivityType,
  type ActivityTypeSource,
} from './activity-types';
export { acceptedName, detectContent, formatFromFilename, type AcceptedName } from './detect';
export { DEFAULT_MAX_UPLOAD_BYTES, INFLATE_FACTOR, MAX_POINTS } from './limits';

/**
 * Reads an uploaded activity file (.fit, .gpx, .tcx, each optionally .gz) into normalized
 * activities: one per FIT session (transitions dropped) or TCX <Activity>, one per GPX file.
 * Pure and total: it resolves with at least one activity or rejects with InvalidFile, whose
 * `reason` tells the user what is wrong. Nothing else ever escapes.
 */
export function parseActivityFile(bytes: Buffer | Uint8Array, filename: string, options: ParseOptions = {}): Promise<ParsedActivity[]> {
  return readingAsInvalidFile(() => {
    assertUploadSize(bytes, options);
    const named = formatFromFilename(filename);
    if (!named.format) {
      throw new InvalidFile(`Files ending in "${named.extension || filename}" are not accepted; upload a .fit, .gpx or .tcx file (optionally .gz).`);
    }
    return parseNamed(bytes, { ...named, format: named.format }, options);
  });
}

/**
 * parseActivityFile for a name its caller has already accepted (acceptedName): the same result and
 * refusals, without checking the name a second time.
 */
export function parseAcceptedActivityFile(bytes: Uint8Array, named: AcceptedName, options: ParseOptions = {}): Promise<ParsedActivity[]> {
  return readingAsInvalidFile(() => {
    assertUploadSize(bytes, options);
    return parseNamed(bytes, named, options);
  });
}

async function readingAsInvalidFile(parse: () => ParsedActivity[]): Promise<ParsedActivity[]> {
  try {
    return parse();
  } catch (error) {
    if (error instanceof InvalidFile) throw error;
    // A bug or a library failure on crafted input: still the user's file that cannot be read.
    throw new InvalidFile('The file could not be read as an activity file.', { cause: error });
  }
}

function assertUploadSize(bytes: Uint8Array, options: ParseOptions): void {
  const maxUpload = options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES;
  if (bytes.length > maxUpload) {
    throw new InvalidFile(`The file is larger than the ${formatSize(maxUpload)} upload limit.`, { limit: 'MAX_UPLOAD_BYTES' });
  }
}

function parseNamed(bytes: Uint8Array, named: AcceptedName, options: ParseOptions): ParsedActivity[] {
  const maxUpload = options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES;
  const maxPoints = options.maxPoints ?? MAX_POINTS;
  if (bytes.length === 0) throw new InvalidFile('The file is empty.');

  let data: Uint8Array = bytes;
  if (named.gzip) {
    data = gunzipBounded(bytes, maxUpload * INFLATE_FACTOR);
    if (data.length === 0) throw new InvalidFile('The compressed file is empty.');
  } else if (isGzip(bytes)) {
    throw new InvalidFile(`This file is gzip-compressed but is named ${named.extension}; name it ${named.extension}.gz.`);
  }

  const content = detectContent(data);
  assertContentMatchesName(content, named.format, named.extension);
  return readFormat(named.format, data, maxPoints).map(clampStrings);
}

function readFormat(format: FileFormat, data: Uint8Array, maxPoints: number): ParsedActivity[] {
  switch (format) {
    case 'fit':
      return parseFit(data, maxPoints);
    case 'gpx':
      return parseGpx(data, maxPoints);
    case 'tcx':
      return parseTcx(data, maxPoints);
  }
}

/** Strings from the file, whatever the format: names ≤ 255 characters, device strings ≤ 100. */
function clampStrings(activity: ParsedActivity): ParsedActivity {
  return {
    ...activity,
    name: clampText(activity.name, MAX_NAME_CHARS),
    sportRaw: clampText(activity.sportRaw, MAX_DEVICE_CHARS),
    deviceManufacturer: clampText(activity.deviceManufacturer, MAX_DEVICE_CHARS),
    deviceModel: clampText(activity.deviceModel, MAX_DEVICE_CHARS),
  };
}

/**
 * The extension decides which reader runs, and the bytes must agree: a FIT file named .tcx is
 * refused with that reason rather than misparsed. XML content with another root, or with a
 * DOCTYPE before its root, goes on to the XML reader, which names the exact problem.
 */
function assertContentMatchesName(content: ReturnType<typeof detectContent>, format: FileFormat, extension: string): void {
  if (content === format) return;
  if ((format === 'gpx' || format === 'tcx') && content === 'xml') return;
  const upper = format.toUpperCase();
  if (content === 'fit' || content === 'gpx' || content === 'tcx' || content === 'gzip') {
    throw new InvalidFile(`This file is ${describeContent(content)} but is named ${extension}.`);
  }
  if (format === 'fit') throw new InvalidFile('This file is not a FIT file: it lacks the ".FIT" signature in its header.');
  throw new InvalidFile(`This file is not a ${upper} file: it is not an XML document.`);
}

function formatSize(bytes: number): string {
  return bytes % MIB === 0 ? `${bytes / MIB} MiB` : `${bytes} bytes`;
}
