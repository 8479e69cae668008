import { existsSync } from "node:fs";
import { Worker } from "node:worker_threads";

/** What the process asks the model thread (frame-models-thread.server.ts); frames travel as transferred buffers. */
type ModelTask =
  | { task: "load-people" | "load-adult" }
  | { task: "detect"; rgb: ArrayBuffer; second: number }
  | { task: "adult-score"; rgb: ArrayBuffer };
export type ModelRequest = ModelTask & { id: number };
export type ModelReply = { id: number } & (
  | { ok: true; value: unknown }
  | { ok: false; message: string; stack?: string }
);

interface ModelThread {
  worker: Worker;
  pending: Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>;
  crash?: Error;
}

const ENTRY = "frame-models-thread";
let thread: ModelThread | null = null;
let nextId = 0;

/**
 * From source (tsx, vitest) the entry is the TypeScript file beside this one, run through tsx. In
 * the build it is build/server/frame-models-thread.js (a process entry of vite.config.ts), while this
 * module is compiled into build/server/ or into a chunk under build/server/assets/.
 */
function threadEntry(): { file: URL; execArgv: string[] } {
  if (import.meta.url.endsWith(".ts"))
    return { file: new URL(`./${ENTRY}.server.ts`, import.meta.url), execArgv: ["--import", "tsx"] };
  const candidates = [`./${ENTRY}.js`, `../${ENTRY}.js`].map((name) => new URL(name, import.meta.url));
  const file = candidates.find((url) => existsSync(url));
  if (!file) throw new Error(`the model thread's entry ${ENTRY}.js is missing beside ${import.meta.url}`);
  return { file, execArgv: [] };
}

function startThread(): ModelThread {
  const { file, execArgv } = threadEntry();
  const worker = new Worker(file, { execArgv, name: ENTRY });
  const started: ModelThread = { worker, pending: new Map() };
  worker.on("message", (reply: ModelReply) => {
    const waiting = started.pending.get(reply.id);
    if (!waiting) return;
    started.pending.delete(reply.id);
    if (started.pending.size === 0) worker.unref();
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(Object.assign(new Error(reply.message), { stack: reply.stack }));
  });
  // An uncaught error ends the thread: "exit" follows and fails what was asked of it.
  worker.on("error", (error) => {
    started.crash = error;
  });
  worker.on("exit", (code) => {
    if (thread === started) thread = null;
    const error = new Error(`the model thread stopped (exit code ${code})`, { cause: started.crash });
    for (const waiting of started.pending.values()) waiting.reject(error);
    started.pending.clear();
  });
  // Idle, the thread must not keep the process alive (a CLI run ends when its work does).
  worker.unref();
  return started;
}

/**
 * Asks the model thread, started on first use and again after it stopped or crashed (the requests
 * it was working on fail, like a model that throws). The frame's buffer is transferred, not copied:
 * the caller's view of it is empty afterwards.
 */
export function askModelThread<T>(task: ModelTask): Promise<T> {
  thread ??= startThread();
  const current = thread;
  const id = nextId++;
  const request: ModelRequest = { ...task, id };
  return new Promise<T>((resolve, reject) => {
    current.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    // Busy, the thread keeps the process alive until its answer comes.
    current.worker.ref();
    current.worker.postMessage(request, "rgb" in request ? [request.rgb] : []);
  });
}

/** Ends the model thread (process shutdown); a later request would start a new one. */
export async function stopModelThread(): Promise<void> {
  const current = thread;
  thread = null;
  await current?.worker.terminate();
}
