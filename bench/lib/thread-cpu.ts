import { readdirSync, readFileSync } from 'node:fs';

/** CPU ms of every thread of `pid` and its descendants, by "pid/tid" (Linux /proc). */
export function threadCpu(pid: number): Map<string, number> {
  const cpu = new Map<string, number>();
  const visit = (p: number) => {
    for (const tid of readdirSync(`/proc/${p}/task`)) {
      try {
        const stat = readFileSync(`/proc/${p}/task/${tid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        // utime and stime (fields 14 and 15 of the line) in USER_HZ, 100 a second
        cpu.set(`${p}/${tid}`, (Number(fields[11]) + Number(fields[12])) * 10);
        for (const child of readFileSync(`/proc/${p}/task/${tid}/children`, 'utf8').trim().split(' ').filter(Boolean)) visit(Number(child));
      } catch {
        // the thread ended meanwhile
      }
    }
  };
  visit(pid);
  return cpu;
}

/** Per-upload CPU ms of each thread between two readings, busiest first (threads under 0.1 ms left out). */
export function threadCpuPerUpload(before: Map<string, number>, after: Map<string, number>, uploads: number): { id: string; ms: number }[] {
  return [...after]
    .map(([id, ms]) => ({ id, ms: (ms - (before.get(id) ?? 0)) / uploads }))
    .filter((row) => row.ms >= 0.1)
    .sort((a, b) => b.ms - a.ms);
}
