import { cpuUsage } from 'node:process';

// A parser's cost measured as the CPU time this process spent, not the wall-clock time: on a
// machine busy with other work (a parallel suite, neighbours on a shared CI host) the wall clock
// also counts the time the process waited for a core, and a bound on it fails for reasons that
// are not the parser's. The bound on the work itself stays: a cap that does not hold still takes
// seconds of CPU.

/** The process's CPU time so far, to give cpuMsSince. */
export const cpuNow = (): NodeJS.CpuUsage => cpuUsage();

/** CPU milliseconds (user and system, every thread of the process) since `since`. */
export function cpuMsSince(since: NodeJS.CpuUsage): number {
  const used = cpuUsage(since);
  return (used.user + used.system) / 1000;
}
