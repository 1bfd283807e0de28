// What a process and the machine used, read from /proc (Linux): a process's CPU time and its
// resident memory (VmRSS now, VmHWM the peak), and the whole machine's busy CPU time — so the
// fan-out benchmark can say how much of the two cores went to other work during a run.
import { readFileSync } from 'node:fs';

/** USER_HZ: /proc/<pid>/stat counts CPU time in these ticks; 100 on every Linux we run on. */
const TICKS_PER_SECOND = 100;

/** user + system CPU time of a process, ms; NaN when it cannot be read (gone, not Linux). */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may contain spaces: the fields after it start behind the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line, 12 and 13 counted from the state.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}

/** VmRSS and VmHWM of a process, bytes; NaN when they cannot be read. */
export function processMemory(pid: number): { rss: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
    return { rss: kb('VmRSS'), peak: kb('VmHWM') };
  } catch {
    return { rss: NaN, peak: NaN };
  }
}

/** Busy and total CPU time of the whole machine (all cores), ms, from /proc/stat. */
export function machineCpuMs(): { busy: number; total: number } {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = ticks.reduce((sum, value) => sum + value, 0);
    // idle and iowait are the 4th and 5th
    const busy = total - (ticks[3] ?? 0) - (ticks[4] ?? 0);
    return { busy: (busy * 1000) / TICKS_PER_SECOND, total: (total * 1000) / TICKS_PER_SECOND };
  } catch {
    return { busy: NaN, total: NaN };
  }
}

/** Samples a process's RSS every `everyMs` and keeps the largest, until stopped. */
export function sampleRss(pid: number, everyMs = 200): { stop(): number; max(): number } {
  let max = 0;
  const take = () => {
    const { rss } = processMemory(pid);
    if (rss > max) max = rss;
  };
  take();
  const timer = setInterval(take, everyMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      take();
      return max;
    },
    max: () => max,
  };
}
