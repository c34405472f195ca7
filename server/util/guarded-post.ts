import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction, Socket } from 'node:net';
import { isIP } from 'node:net';
import { isPrivateAddress } from './private-address';

// One outbound POST for webhooks (CONTRACT: Beyond the spec … Integrations): no redirects followed
// (a 3xx is an answer like any other), one deadline for the whole exchange, and unless private
// targets are allowed the address actually connected to is checked: DNS answers are filtered in
// the socket's own lookup (so a name that re-resolves to 127.0.0.1 between the check at creation
// and the delivery is refused), and the socket's remote address is checked again before the body
// is written.

export interface GuardedPostOptions {
  timeoutMs: number;
  allowPrivate: boolean;
}

/** The message never names the address (it would tell what an internal name resolves to). */
export class PrivateTargetRefused extends Error {
  constructor(readonly address: string) {
    super('the target is not allowed');
  }
}

const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const open = addresses.filter((a) => !isPrivateAddress(a.address));
    if (!open.length) return callback(new PrivateTargetRefused(addresses[0]?.address ?? hostname), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, open);
    callback(null, open[0]!.address, open[0]!.family);
  });
};

/** POSTs `body` and resolves with the status code; rejects on refusal, timeout or network error. */
export function guardedPost(url: URL, body: string, headers: Record<string, string>, options: GuardedPostOptions): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (!options.allowPrivate && isIP(literal) && isPrivateAddress(literal)) return reject(new PrivateTargetRefused(literal));
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'POST',
      agent: false,
      lookup: options.allowPrivate ? undefined : publicOnlyLookup,
      headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
    });
    const deadline = setTimeout(() => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)), options.timeoutMs);
    const settle = () => clearTimeout(deadline);
    request.on('error', (error) => {
      settle();
      reject(error);
    });
    request.on('response', (response) => {
      response.on('error', () => undefined);
      response.resume();
      response.on('end', () => {
        settle();
        resolve(response.statusCode ?? 0);
      });
    });
    request.on('socket', (socket: Socket) => {
      const send = () => {
        if (!options.allowPrivate && isPrivateAddress(socket.remoteAddress)) return request.destroy(new PrivateTargetRefused(socket.remoteAddress ?? '?'));
        request.end(body);
      };
      if (socket.connecting) socket.once('connect', send);
      else send();
    });
  });
}
