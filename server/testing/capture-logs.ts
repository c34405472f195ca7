import { Writable } from 'node:stream';
import pino from 'pino';
import { logSerializers } from '@/server/log/error-serializer';
import { processValue, setProcessValue } from '@/server/process-state';

// Tests that assert what reaches the log: the process logger is swapped for one that keeps every
// JSON line in memory (log() children created afterwards write to it).

export interface CapturedLogs {
  lines: () => Record<string, unknown>[];
  text: () => string;
  restore: () => void;
}

export function captureLogs(): CapturedLogs {
  const previous = processValue<pino.Logger>('logger');
  const chunks: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  });
  setProcessValue('logger', pino({ level: 'info', base: { service: 'stride' }, serializers: logSerializers }, sink));
  const text = () => chunks.join('');
  return {
    text,
    lines: () =>
      text()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    restore: () => {
      setProcessValue('logger', previous);
    },
  };
}
