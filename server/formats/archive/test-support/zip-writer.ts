import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { crc32, deflateRawSync } from 'node:zlib';

// A minimal zip writer for tests and benchmarks: it can write what a real zip tool refuses to
// (zip-slip names, symlink entries, lying sizes) and streams to disk, so a 1 GB archive never
// sits in memory. No zip64: archives stay under 4 GiB.

export interface ZipEntryInput {
  name: string;
  data: Buffer;
  /** deflate (default for text) or store */
  method?: 'store' | 'deflate';
  /** Unix mode for the external attributes, e.g. 0o120777 for a symlink */
  mode?: number;
}

export class ZipWriter {
  private readonly out;
  private offset = 0;
  private readonly central: Buffer[] = [];
  private count = 0;

  constructor(path: string) {
    this.out = createWriteStream(path);
  }

  async add({ name, data, method = 'deflate', mode = 0o100644 }: ZipEntryInput): Promise<void> {
    const nameBytes = Buffer.from(name, 'utf8');
    const body = method === 'deflate' ? deflateRawSync(data) : data;
    const crc = crc32(data);
    const methodId = method === 'deflate' ? 8 : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(methodId, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE((3 << 8) | 20, 4); // made by Unix, so the mode counts
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x0800, 8);
    header.writeUInt16LE(methodId, 10);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(body.length, 20);
    header.writeUInt32LE(data.length, 24);
    header.writeUInt16LE(nameBytes.length, 28);
    header.writeUInt32LE((mode << 16) >>> 0, 38);
    header.writeUInt32LE(this.offset, 42);
    this.central.push(header, nameBytes);
    this.count += 1;
    await this.write(Buffer.concat([local, nameBytes]));
    await this.write(body);
  }

  async close(): Promise<void> {
    const directory = Buffer.concat(this.central);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.count, 8);
    end.writeUInt16LE(this.count, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(this.offset, 16);
    await this.write(directory);
    await this.write(end);
    this.out.end();
    await once(this.out, 'finish');
  }

  private async write(chunk: Buffer): Promise<void> {
    this.offset += chunk.length;
    if (!this.out.write(chunk)) await once(this.out, 'drain');
  }
}

export async function writeZip(path: string, entries: ZipEntryInput[]): Promise<void> {
  const zip = new ZipWriter(path);
  for (const entry of entries) await zip.add(entry);
  await zip.close();
}
