import { gunzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { Decoder, Stream } from '@garmin/fitsdk';

// The anchor of an upload's p50: the Garmin FIT SDK's raw decode (Decoder.read(), default
// options) of the same bytes, timed in this process in the same run as the uploads.

/** Median ms of `runs` SDK decodes of a FIT file (gzip inflated first, as the upload path does), after `warmup` untimed ones. */
export function sdkDecodeMedianMs(bytes: Buffer, runs: number, warmup = 0): number {
  const fit = bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes;
  const times: number[] = [];
  for (let i = 0; i < warmup; i++) new Decoder(Stream.fromBuffer(fit)).read();
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const { errors } = new Decoder(Stream.fromBuffer(fit)).read();
    times.push(performance.now() - started);
    if (errors.length) throw new Error(`the FIT SDK could not decode the file: ${String(errors[0])}`);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}
