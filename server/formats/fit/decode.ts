import FitParser from 'fit-file-parser';
import { InvalidFile } from '../invalid-file';

export type FitMessage = Record<string, unknown>;

/** The parts of fit-file-parser's "list" output we read; everything else is ignored. */
export interface DecodedFit {
  fileIds: FitMessage[];
  sessions: FitMessage[];
  laps: FitMessage[];
  records: FitMessage[];
  sports: FitMessage[];
  deviceInfos: FitMessage[];
  /** `hr` messages (hr-messages.ts) */
  hrs: FitMessage[];
}

/**
 * The global messages DecodedFit's lists other than records are made of (file_id, sport, session,
 * lap, device_info, hr), with the field descriptions and developer data ids their developer fields
 * are named by. No other message changes how fit-file-parser reads these (its cross-message
 * state is for records, monitoring and compressed timestamps), so splitRecords gives it only these.
 */
export const DECODED_MESSAGES: ReadonlySet<number> = new Set([0, 12, 18, 19, 23, 132, 206, 207]);

const list = (value: unknown): FitMessage[] => (Array.isArray(value) ? value.filter((m): m is FitMessage => m !== null && typeof m === 'object') : []);

/**
 * Decodes with fit-file-parser. `force: true` only relaxes its own CRC check (scanFit has
 * already verified the checksums) and lets it recover fields whose size does not match their
 * base type (COROS writes such "misaligned" fields). Units: metres, m/s, °C.
 */
export function decodeFit(bytes: Uint8Array): DecodedFit {
  const parser = new FitParser({ force: true, mode: 'list', speedUnit: 'm/s', lengthUnit: 'm', temperatureUnit: 'celsius' });
  const buffer = Buffer.from(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
  let result: Record<string, unknown> | undefined;
  let failure: unknown;
  try {
    // parse() is synchronous: the callback has run when it returns.
    parser.parse(buffer, (error, data) => {
      failure = error;
      result = data as Record<string, unknown> | undefined;
    });
  } catch (error) {
    failure = error;
  }
  if (failure !== undefined || !result) {
    const detail = failure instanceof Error ? failure.message : typeof failure === 'string' ? failure : 'unknown decoding error';
    throw new InvalidFile(`The FIT file is damaged and cannot be decoded (${detail}).`, { cause: failure });
  }
  return {
    fileIds: list(result.file_ids),
    sessions: list(result.sessions),
    laps: list(result.laps),
    records: list(result.records),
    sports: list(result.sports),
    deviceInfos: list(result.device_infos),
    hrs: list((result.messages as Record<string, unknown> | undefined)?.hr),
  };
}
