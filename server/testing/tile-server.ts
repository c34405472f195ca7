import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';

// A map tile server on loopback for tests (no network here): answers `/tiles/{z}/{x}/{y}.png` as
// OpenStreetMap's tile servers do (a 256×256 PNG, image/png, CORS allowed), and counts the tiles
// served so a test can tell that a map really asked for them.

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 256×256 PNG of one grey (8-bit greyscale), shade chosen per tile so tiles differ. */
export function tilePng(shade: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(256, 0);
  header.writeUInt32BE(256, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc(257 * 256, shade);
  for (let y = 0; y < 256; y++) rows[y * 257] = 0; // filter byte: none
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface TileServer {
  /** the Leaflet URL template, `http://127.0.0.1:<port>/tiles/{z}/{x}/{y}.png` */
  template: string;
  origin: string;
  /** tiles served so far */
  served(): number;
  close(): Promise<void>;
}

export async function startTileServer(port = 0): Promise<TileServer> {
  let served = 0;
  const server: Server = createServer((req, res) => {
    const match = /^\/tiles\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(req.url ?? '');
    if (!match) {
      res.writeHead(404).end();
      return;
    }
    served++;
    const [z, x, y] = match.slice(1).map(Number) as [number, number, number];
    res.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*', 'cache-control': 'max-age=3600' });
    res.end(tilePng(200 + ((x + y + z) % 4) * 12));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  server.unref();
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    template: `${origin}/tiles/{z}/{x}/{y}.png`,
    origin,
    served: () => served,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
