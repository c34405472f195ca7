import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A webhook receiver on loopback (an outside service, so a double): it records every request as
// received, raw body included, and answers each with the next scripted answer (200 when none is
// left); 'hang' never answers; 'stall' sends a 200's headers and part of a body, then nothing.

export interface ReceivedRequest {
  method: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  url: string;
  port: number;
  received: ReceivedRequest[];
  answers: (number | 'hang' | 'stall')[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedRequest[] = [];
  const answers: (number | 'hang' | 'stall')[] = [];
  const hanging: ServerResponse[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ method: req.method ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = answers.shift() ?? 200;
      if (answer === 'hang') return void hanging.push(res);
      if (answer === 'stall') {
        res.writeHead(200, { 'content-length': '1000' }).write('o');
        return void hanging.push(res);
      }
      res.writeHead(answer, answer >= 300 && answer < 400 ? { location: 'http://127.0.0.1:1/elsewhere' } : {}).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    answers,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
