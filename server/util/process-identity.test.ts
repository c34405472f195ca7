import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bootId, livenessOf, ownIdentity, processStartTicks } from './process-identity';

// A file left by a killed server names a pid the kernel may give to another process.
describe.runIf(process.platform === 'linux')('process identity on Linux', () => {
  it('reads the start time of a process from /proc, with a command name that holds spaces and parentheses', () => {
    expect(processStartTicks(process.pid)).toBe(readFileSync('/proc/self/stat', 'utf8').split(') ').at(-1)!.split(' ')[19]);
    expect(ownIdentity()).toEqual({ pid: process.pid, started: expect.stringMatching(/^\d+$/), boot: bootId() });
  });

  it('tells the very process (alive) from a later one with its pid (dead), a dead pid (dead), and a record without a start time (unsure)', async () => {
    const child = spawn('sleep', ['60'], { stdio: 'ignore' });
    await once(child, 'spawn');
    const pid = child.pid!;
    const started = processStartTicks(pid)!;
    expect(livenessOf({ pid, started, boot: bootId() })).toBe('alive');
    expect(livenessOf({ pid, started: String(Number(started) - 1), boot: bootId() })).toBe('dead');
    expect(livenessOf({ pid, started, boot: 'another-boot' })).toBe('dead');
    expect(livenessOf({ pid, started: null, boot: null })).toBe('unsure');
    child.kill('SIGKILL');
    await once(child, 'exit');
    expect(livenessOf({ pid, started, boot: bootId() })).toBe('dead');
  });
});
