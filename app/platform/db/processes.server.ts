import { readFileSync, readlinkSync } from "node:fs";
import path from "node:path";

// What /proc says about a process (Linux): used to tell a live postmaster from a dead one.

/**
 * Alive and not a zombie. A postgres killed under a busy server stays a zombie (dead, its pid and
 * name still there) until the server reaps it; taking that for a live postmaster would leave the
 * database unstarted.
 */
export function isRunning(pid: number) {
  const state = processStat(pid)?.state;
  return state !== undefined && state !== "Z" && state !== "X" && hasCommandLine(pid);
}

/**
 * A process that has begun to exit (killed, not yet a zombie) has released its memory, and with it
 * its command line: for a moment its state still says running.
 */
function hasCommandLine(pid: number) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`).length > 0;
  } catch {
    return false;
  }
}

export function processStat(pid: number) {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may contain spaces, so split after the ")".
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const [state, parent] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state, parent: Number.parseInt(parent ?? "", 10) };
  } catch {
    return undefined;
  }
}

/**
 * Whether a process runs Node. Its name (comm) is no proof: Node 24 names its main thread
 * "MainThread" once it has started worker threads, so the executable is what counts.
 */
export function isNodeProcess(pid: number) {
  try {
    return path.basename(readlinkSync(`/proc/${pid}/exe`)).startsWith("node");
  } catch {
    return readProcessName(pid) === "node";
  }
}

export function readProcessName(pid: number) {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return undefined;
  }
}

/**
 * How many processes still have the System V shared memory segment with this key attached
 * (/proc/sysvipc/shm), or undefined when there is no such segment.
 */
export function sharedMemoryAttachments(key: number, table = readSharedMemoryTable()) {
  for (const line of table.split("\n").slice(1)) {
    // Columns: key shmid perms size cpid lpid nattch …
    const columns = line.trim().split(/\s+/);
    if (Number(columns[0]) === key) return Number(columns[6]);
  }
  return undefined;
}

function readSharedMemoryTable() {
  try {
    return readFileSync("/proc/sysvipc/shm", "utf8");
  } catch {
    return "";
  }
}
