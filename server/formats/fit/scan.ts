import { InvalidFile } from '../invalid-file';
import { MAX_FIT_LAPS, MAX_FIT_SESSIONS } from '../limits';
import { fitCrc } from './crc';

const RECORD_MESSAGE = 20;
const SESSION_MESSAGE = 18;
const LAP_MESSAGE = 19;

export interface FitScan {
  /** Bytes of the first FIT file in the buffer: header + data + CRC (chained files are ignored). */
  end: number;
  records: number;
  messages: number;
}

/**
 * Checks a FIT file before it is decoded, in one cheap pass that allocates nothing per message:
 * header, declared size against the real size, file CRC, then a walk over the message headers
 * and definitions that counts messages. A file that lies about its size, fails its checksum,
 * uses a local message type it never defined, or holds more messages than the caps allow is
 * refused here, with a reason, before the decoder builds a single object.
 */
export function scanFit(bytes: Uint8Array, maxRecords: number, maxMessages: number): FitScan {
  const headerSize = bytes[0]!;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < headerSize) throw new InvalidFile('The FIT file is truncated: it ends inside its header.');
  const dataSize = view.getUint32(4, true);
  const dataEnd = headerSize + dataSize;
  if (dataEnd + 2 > bytes.length) {
    throw new InvalidFile('The FIT file is truncated: it ends before its declared data size.');
  }
  if (headerSize === 14) {
    const headerCrc = view.getUint16(12, true);
    if (headerCrc !== 0 && headerCrc !== fitCrc(bytes, 0, 12)) {
      throw new InvalidFile('The FIT file is damaged: its header checksum does not match.');
    }
  }
  if (view.getUint16(dataEnd, true) !== fitCrc(bytes, 0, dataEnd)) {
    throw new InvalidFile('The FIT file is damaged: its checksum does not match its content.');
  }

  const damaged = (what: string) => new InvalidFile(`The FIT file is damaged: ${what}.`);
  const sizes = new Int32Array(16).fill(-1);
  const globals = new Int32Array(16);
  let records = 0;
  let sessions = 0;
  let laps = 0;
  let messages = 0;
  let pos = headerSize;
  while (pos < dataEnd) {
    const header = bytes[pos]!;
    if ((header & 0x80) === 0 && (header & 0x40) !== 0) {
      // Definition message: reserved, architecture, global number (2), field count, fields…
      if (pos + 6 > dataEnd) throw damaged('a message definition runs past the end of the data');
      const bigEndian = bytes[pos + 2] === 1;
      const global = bigEndian ? view.getUint16(pos + 3, false) : view.getUint16(pos + 3, true);
      let p = pos + 6;
      let size = 0;
      const fields = bytes[pos + 5]!;
      if (p + fields * 3 > dataEnd) throw damaged('a message definition runs past the end of the data');
      for (let k = 0; k < fields; k++, p += 3) size += bytes[p + 1]!;
      if ((header & 0x20) !== 0) {
        if (p + 1 > dataEnd) throw damaged('a message definition runs past the end of the data');
        const devFields = bytes[p]!;
        p += 1;
        if (p + devFields * 3 > dataEnd) throw damaged('a message definition runs past the end of the data');
        for (let k = 0; k < devFields; k++, p += 3) size += bytes[p + 1]!;
      }
      sizes[header & 0x0f] = size;
      globals[header & 0x0f] = global;
      pos = p;
    } else {
      // Data message, normal header (local type in bits 0–3) or compressed-timestamp header (bits 5–6).
      const local = (header & 0x80) !== 0 ? (header >> 5) & 0x03 : header & 0x0f;
      const size = sizes[local]!;
      if (size < 0) throw damaged('a data message uses a definition that was never given');
      const global = globals[local];
      if (global === RECORD_MESSAGE) records++;
      else if (global === SESSION_MESSAGE && ++sessions > MAX_FIT_SESSIONS) {
        throw new InvalidFile(`The FIT file holds more than ${MAX_FIT_SESSIONS} sessions, more than any activity recording.`, { limit: 'MAX_FIT_SESSIONS' });
      } else if (global === LAP_MESSAGE && ++laps > MAX_FIT_LAPS) {
        throw new InvalidFile(`The FIT file holds more than ${MAX_FIT_LAPS} laps, more than any activity recording.`, { limit: 'MAX_FIT_LAPS' });
      }
      pos += 1 + size;
      if (pos > dataEnd) throw damaged('a data message runs past the end of the data');
    }
    if (++messages > maxMessages) {
      throw new InvalidFile(`The FIT file holds more than ${maxMessages} messages, more than any activity recording.`, { limit: 'MAX_FIT_MESSAGES' });
    }
  }
  if (records > maxRecords) {
    throw new InvalidFile(`The FIT file holds ${records} track points; at most ${maxRecords} are accepted.`, { limit: 'MAX_POINTS' });
  }
  return { end: dataEnd + 2, records, messages };
}
