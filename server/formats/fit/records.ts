import { SampleColumns } from '../metrics/sample-columns';
import { DECODED_MESSAGES } from './decode';

// Record messages are nine in ten of a FIT file's messages and the only ones read point by point.
// fit-file-parser builds an object (with a Date) per record and names every field; here the
// fields the streams use are read straight from the bytes into samples, and the decoder gets only
// the messages an activity is read from (DECODED_MESSAGES), each after its definition: the HRV
// messages, events and per-message definitions it skips were up to 99 % of what it decoded (a
// Suunto file redefines before every message). The values are the ones fit-file-parser gives
// (same profile, scale, offset, invalid values and base-type checks), so both ways give the same
// activity; a file whose records need more of fit-file-parser than this (compressed timestamps, a
// developer field named like one of the fields read here, headers it refuses) is left to it whole.

const RECORD_MESSAGE = 20;
const FIELD_DESCRIPTION_MESSAGE = 206;
const FIELD_NAME = 3;
const STRING_TYPE = 7;
/** FIT's epoch, 1989-12-31T00:00:00Z, in Unix ms */
const FIT_EPOCH_MS = 631_065_600_000;
const SEMICIRCLE_DEGREES = 180 / 2 ** 31;

/** base type numbers of FIT's profile as fit-file-parser names them */
const BASE_TYPES: Record<number, string> = { 0: 'enum', 1: 'sint8', 2: 'uint8', 13: 'byte', 132: 'uint16', 133: 'sint32', 134: 'uint32' };
const BYTE_SIZED = new Set(['enum', 'uint8', 'byte']);
const SIZE: Record<string, number> = { enum: 1, sint8: 1, uint8: 1, byte: 1, uint16: 2, sint32: 4, uint32: 4 };
/** the value fit-file-parser drops as "invalid" for each base type */
const INVALID: Record<string, number> = { enum: 0xff, sint8: 0x7f, uint8: 0xff, byte: 0xff, uint16: 0xffff, sint32: 0x7fffffff, uint32: 0xffffffff };

/** where each field's value goes while a record is read (a typed array: no object per record) */
const SLOTS = [
  'time',
  'lat',
  'lon',
  'altitude',
  'enhancedAltitude',
  'distance',
  'heartRate',
  'cadence',
  'power',
  'speed',
  'enhancedSpeed',
  'temperature',
] as const;
type Slot = (typeof SLOTS)[number];
const SLOT = Object.fromEntries(SLOTS.map((name, i) => [name, i])) as Record<Slot, number>;
const slotValues = new Float64Array(SLOTS.length);

/** The record fields a sample uses, from FIT's profile: field number → base type, scale, offset. */
const RECORD_FIELDS: Record<number, { slot: Slot; type: string; scale: number; offset: number }> = {
  253: { slot: 'time', type: 'uint32', scale: 1, offset: 0 },
  0: { slot: 'lat', type: 'sint32', scale: 1, offset: 0 },
  1: { slot: 'lon', type: 'sint32', scale: 1, offset: 0 },
  2: { slot: 'altitude', type: 'uint16', scale: 5, offset: -500 },
  3: { slot: 'heartRate', type: 'uint8', scale: 1, offset: 0 },
  4: { slot: 'cadence', type: 'uint8', scale: 1, offset: 0 },
  5: { slot: 'distance', type: 'uint32', scale: 100, offset: 0 },
  6: { slot: 'speed', type: 'uint16', scale: 1000, offset: 0 },
  7: { slot: 'power', type: 'uint16', scale: 1, offset: 0 },
  13: { slot: 'temperature', type: 'sint8', scale: 1, offset: 0 },
  73: { slot: 'enhancedSpeed', type: 'uint32', scale: 1000, offset: 0 },
  78: { slot: 'enhancedAltitude', type: 'uint32', scale: 5, offset: -500 },
};

interface FieldRead {
  slot: number;
  /** from the message's first content byte */
  at: number;
  wire: string;
  little: boolean;
  scale: number;
  offset: number;
  /** the profile type's invalid value and the wire type's: fit-file-parser drops either */
  profileInvalid: number;
  wireInvalid: number;
}

interface Definition {
  global: number;
  size: number;
  reads: FieldRead[];
  /** a field description's field_name (a string field): where it starts and its size */
  name?: { at: number; size: number };
}

/** fit-file-parser's names of the fields read here: a developer field so named would replace ours */
const OUR_NAMES = new Set([
  'timestamp',
  'position_lat',
  'position_long',
  'altitude',
  'heart_rate',
  'cadence',
  'distance',
  'speed',
  'power',
  'temperature',
  'enhanced_speed',
  'enhanced_altitude',
]);
const utf8 = new TextDecoder();

export interface SplitRecords {
  /** the timed records in file order (a record without a valid timestamp has no place on the time axis) */
  samples: SampleColumns;
  /** the file's definitions and DECODED_MESSAGES, for fit-file-parser (header size updated, CRC not recomputed) */
  rest: Uint8Array;
}

/**
 * `bytes` is one FIT file that scanFit accepted (its size, definitions and message bounds are
 * checked), holding `records` record messages. Null when fit-file-parser must read the records itself.
 */
export function splitRecords(bytes: Uint8Array, records: number): SplitRecords | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerSize = bytes[0]!;
  const dataEnd = headerSize + view.getUint32(4, true);
  const rest = new Uint8Array(bytes.length);
  rest.set(bytes.subarray(0, headerSize));
  let out = headerSize;
  const definitions: (Definition | undefined)[] = [];
  /** per local message type, its definition's bytes while no copied message has used them */
  const uncopied: ([number, number] | null)[] = [];
  const known: KnownDefinition[] = [];
  // written straight into columns: an object per record, with a boxed double per value, was what
  // the garbage collector spent a quarter of a FIT parse on
  const samples = new SampleColumns(records);
  let pos = headerSize;
  while (pos < dataEnd) {
    const header = bytes[pos]!;
    // compressed timestamps count from the last timestamp of any message, records included
    if ((header & 0x80) !== 0) return null;
    if ((header & 0x40) !== 0) {
      const developer = (header & 0x20) !== 0;
      const end = definitionEnd(bytes, pos, developer);
      let definition = knownDefinition(bytes, pos, end, known);
      if (!definition) {
        definition = readDefinition(bytes, pos, end, developer);
        if (known.length < KNOWN_DEFINITIONS) known.push({ start: pos, end, definition });
      }
      definitions[header & 0x0f] = definition;
      // copied when a message the decoder gets first uses it: Suunto redefines before every message
      uncopied[header & 0x0f] = [pos, end];
      pos = end;
      continue;
    }
    // fit-file-parser refuses a data header with reserved bits set: let it say so
    if ((header & 0x30) !== 0) return null;
    const definition = definitions[header & 0x0f]!;
    const end = pos + 1 + definition.size;
    if (definition.global === RECORD_MESSAGE) {
      readSample(view, pos + 1, definition.reads, samples);
    } else if (DECODED_MESSAGES.has(definition.global)) {
      if (definition.name && OUR_NAMES.has(fieldName(bytes, pos + 1 + definition.name.at, definition.name.size))) return null;
      const span = uncopied[header & 0x0f];
      if (span) {
        rest.set(bytes.subarray(span[0], span[1]), out);
        out += span[1] - span[0];
        uncopied[header & 0x0f] = null;
      }
      rest.set(bytes.subarray(pos, end), out);
      out += end - pos;
    }
    pos = end;
  }
  new DataView(rest.buffer).setUint32(4, out - headerSize, true);
  // the header CRC no longer matches, and 0 says "not computed"
  if (headerSize === 14) new DataView(rest.buffer).setUint16(12, 0, true);
  return { samples, rest: rest.subarray(0, out + 2) };
}

/**
 * Distinct definitions a file made, kept to be reused when the same bytes define a message again:
 * Suunto defines before every one of its messages, alternating local types, and reading 14,217
 * definitions anew was 42 % of parsing its corpus file. A few are enough (files use a dozen or so);
 * past them a file's further definitions are read each time, so a hostile file costs no more than before.
 */
const KNOWN_DEFINITIONS = 32;

interface KnownDefinition {
  start: number;
  end: number;
  definition: Definition;
}

/** Where the definition message at `pos` ends (scanFit checked that it lies within the file). */
function definitionEnd(bytes: Uint8Array, pos: number, developer: boolean): number {
  const fieldsEnd = pos + 6 + bytes[pos + 5]! * 3;
  return developer ? fieldsEnd + 1 + bytes[fieldsEnd]! * 3 : fieldsEnd;
}

/**
 * The definition read before from the same bytes, or undefined. The header byte is left out: its
 * local type is not part of the definition, and a definition with developer fields is never as
 * long as one without (7 + 3n bytes against 6 + 3n).
 */
function knownDefinition(bytes: Uint8Array, pos: number, end: number, known: readonly KnownDefinition[]): Definition | undefined {
  const length = end - pos;
  for (const candidate of known) {
    if (candidate.end - candidate.start !== length) continue;
    let i = 1;
    while (i < length && bytes[candidate.start + i] === bytes[pos + i]) i++;
    if (i === length) return candidate.definition;
  }
  return undefined;
}

/** The definition message from `pos` to `end` (definitionEnd). */
function readDefinition(bytes: Uint8Array, pos: number, end: number, developer: boolean): Definition {
  // fit-file-parser reads architecture 0 as little-endian and anything else as big-endian
  const little = bytes[pos + 2] === 0;
  const global = little ? bytes[pos + 3]! | (bytes[pos + 4]! << 8) : (bytes[pos + 3]! << 8) | bytes[pos + 4]!;
  const count = bytes[pos + 5]!;
  let p = pos + 6;
  let size = 0;
  const reads: FieldRead[] = [];
  let name: Definition['name'];
  for (let k = 0; k < count; k++, p += 3) {
    const number = bytes[p]!;
    const fieldSize = bytes[p + 1]!;
    const baseType = bytes[p + 2]!;
    if (global === FIELD_DESCRIPTION_MESSAGE && number === FIELD_NAME && baseType === STRING_TYPE) name = { at: size, size: fieldSize };
    const field = global === RECORD_MESSAGE ? RECORD_FIELDS[number] : undefined;
    const wire = BASE_TYPES[baseType];
    // a wire type other than the profile's drops the field, as does a size that is no whole number of values
    const compatible = wire !== undefined && field !== undefined && (wire === field.type || (BYTE_SIZED.has(wire) && BYTE_SIZED.has(field.type)));
    if (compatible && fieldSize >= SIZE[wire]! && fieldSize % SIZE[wire]! === 0) {
      reads.push({
        slot: SLOT[field.slot],
        at: size,
        wire,
        little,
        scale: field.scale,
        offset: field.offset,
        profileInvalid: INVALID[field.type]!,
        wireInvalid: INVALID[wire]!,
      });
    }
    size += fieldSize;
  }
  // developer fields are skipped: the file's field descriptions are checked for our names instead
  if (developer) for (let q = p + 1; q < end; q += 3) size += bytes[q + 1]!;
  return { global, size, reads, name };
}

/** A string field as fit-file-parser reads it: its non-zero bytes as UTF-8. */
function fieldName(bytes: Uint8Array, at: number, size: number): string {
  return utf8.decode(bytes.subarray(at, at + size).filter((b) => b !== 0));
}

function readValue(view: DataView, at: number, read: FieldRead): number {
  switch (read.wire) {
    case 'sint8':
      return view.getInt8(at);
    case 'uint16':
      return view.getUint16(at, read.little);
    case 'sint32':
      return view.getInt32(at, read.little);
    case 'uint32':
      return view.getUint32(at, read.little);
    default:
      return view.getUint8(at);
  }
}

/** Adds the record to `samples` when it has a time; a field it lacks stays NaN there, as in `v`. */
function readSample(view: DataView, start: number, reads: readonly FieldRead[], samples: SampleColumns): void {
  const v = slotValues.fill(NaN);
  for (const read of reads) {
    const raw = readValue(view, start + read.at, read);
    if (raw === read.profileInvalid || raw === read.wireInvalid) continue;
    // fit-file-parser's arithmetic, so the values match to the last bit
    v[read.slot] =
      read.slot === SLOT.time
        ? raw * 1000 + FIT_EPOCH_MS
        : read.slot === SLOT.lat || read.slot === SLOT.lon
          ? raw * SEMICIRCLE_DEGREES
          : raw / read.scale + read.offset;
  }
  if (Number.isNaN(v[SLOT.time])) return;
  const i = samples.add(v[SLOT.time]!, 0);
  samples.lat[i] = v[SLOT.lat]!;
  samples.lon[i] = v[SLOT.lon]!;
  samples.altitude[i] = either(v, SLOT.enhancedAltitude, SLOT.altitude);
  samples.distance[i] = v[SLOT.distance]!;
  samples.heartRate[i] = v[SLOT.heartRate]!;
  samples.cadence[i] = v[SLOT.cadence]!;
  samples.power[i] = v[SLOT.power]!;
  samples.speed[i] = either(v, SLOT.enhancedSpeed, SLOT.speed);
  samples.temperature[i] = v[SLOT.temperature]!;
}

/** NaN marks a field the record lacks (no field read here is ever NaN): the first slot present, else NaN */
const either = (v: Float64Array, first: number, second: number): number => (Number.isNaN(v[first]) ? v[second]! : v[first]!);
