import { readFile } from "node:fs/promises";

/** Linux counts a process's CPU time in clock ticks of 1/100 s (USER_HZ, 100 on every common build). */
const TICKS_PER_SECOND = 100;

/**
 * The CPU time (user + system, every thread) a running process has used, in milliseconds, from
 * /proc; undefined where there is no /proc (macOS, Windows) or the process has gone.
 */
export async function cpuTimeMs(pid: number): Promise<number | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, "latin1");
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields 14 and 15 of stat(5) (utime, stime) are the 12th and 13th after the name.
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_SECOND : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Calls `onExceeded` once when `pid` has used more than `budgetMs` of CPU time, checking every
 * `everyMs`; returns the function that stops watching.
 */
export function watchCpuTime(pid: number, budgetMs: number, onExceeded: () => void, everyMs = 500) {
  let stopped = false;
  const timer = setInterval(() => {
    void cpuTimeMs(pid).then((used) => {
      if (stopped || used === undefined || used <= budgetMs) return;
      stopped = true;
      clearInterval(timer);
      onExceeded();
    });
  }, everyMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
