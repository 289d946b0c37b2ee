import { readFileSync, writeFileSync } from 'node:fs';

/**
 * The server's resident memory as the kernel counts it (/proc/<pid>/status; Linux only, undefined
 * elsewhere). VmRSS is now; VmHWM is the highest RSS since start or since `resetPeakRss`.
 */
function statusField(pid: number, field: 'VmRSS' | 'VmHWM'): number | undefined {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

export const rssOf = (pid: number) => statusField(pid, 'VmRSS');

/**
 * Watches the peak RSS of `pid` from now on: the kernel's high-water mark, reset at start (writing
 * 5 to /proc/<pid>/clear_refs, allowed for our own child), and samples every 50 ms in case the
 * reset is refused. The start-up peak (loading the catalogue) is therefore not counted.
 */
export function watchPeakRss(pid: number): { stop: () => number | undefined } {
  let reset = false;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    reset = true;
  } catch {
    // Not Linux, or not allowed: the samples alone decide.
  }
  let sampled = rssOf(pid);
  const timer = setInterval(() => {
    const now = rssOf(pid);
    if (now !== undefined && (sampled === undefined || now > sampled)) sampled = now;
  }, 50);
  return {
    stop: () => {
      clearInterval(timer);
      const highWater = reset ? statusField(pid, 'VmHWM') : undefined;
      const values = [sampled, highWater].filter((value): value is number => value !== undefined);
      return values.length > 0 ? Math.max(...values) : undefined;
    },
  };
}

/**
 * CPU time (user + system, ms) process `pid` has used so far, from /proc/<pid>/stat (Linux only;
 * clock ticks of 10 ms, so read it around thousands of requests, not one). Unlike a latency it
 * hardly moves with other work on the machine: the figure to compare before and after a change.
 */
export function cpuTimeOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}
/** USER_HZ: 100 on every Linux the project runs on (`getconf CLK_TCK`). */
const CLOCK_TICKS_PER_SECOND = 100;

export const megabytes = (bytes: number | undefined) =>
  bytes === undefined ? 'n/a' : `${(bytes / 1024 / 1024).toFixed(0)} MB`;
