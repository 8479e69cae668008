import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/** One process of the production build: a web node or a worker. */
export interface AppProcess {
  name: string;
  kind: "web" | "worker";
  /** Its own address (web: the site; worker: /healthz and /metrics). */
  url: string;
  port: number;
  env: Record<string, string>;
  child: ChildProcess;
  /** Lines it logged at error level or above. */
  errors: string[];
  output(): string;
  exited: Promise<number | null>;
}

const ENTRIES = { web: "main.js", worker: "worker.js" } as const;

/** Starts a built web server or worker with `env` on `port` and waits until it answers ready. */
export async function startAppProcess(
  kind: AppProcess["kind"],
  name: string,
  port: number,
  env: Record<string, string>,
  folder: string,
): Promise<AppProcess> {
  const dataDir = path.join(folder, name);
  mkdirSync(dataDir, { recursive: true });
  const processEnv = {
    ...env,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    ...(kind === "web" ? { PORT: String(port), WORKERS: "0" } : { WORKER_PORT: String(port) }),
  };
  const child = spawn(process.execPath, [path.resolve("build", "server", ENTRIES[kind])], {
    env: { PATH: process.env.PATH ?? "", ...processEnv },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  const errors: string[] = [];
  let partial = "";
  const keep = (chunk: Buffer) => {
    log = (log + chunk).slice(-32_768);
    const lines = (partial + chunk).split("\n");
    partial = lines.pop() ?? "";
    // pino's levels: 50 error, 60 fatal.
    for (const line of lines)
      if (/"level":(50|60)\b/.test(line) && errors.length < 200) errors.push(line.slice(0, 2_000));
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const ready = kind === "web" ? `${url}/readyz` : `${url}/healthz`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited while starting:\n${log}`);
    const answered = await fetch(ready).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`${name} was not ready within 120 s:\n${log}`);
    }
    await sleep(200);
  }
  return { name, kind, url, port, env: processEnv, child, errors, output: () => log, exited };
}

/** Sends `signal` and waits for the process to end (SIGTERM: it drains first). */
export async function stopAppProcess(node: AppProcess, signal: NodeJS.Signals = "SIGTERM") {
  if (node.child.exitCode === null && node.child.signalCode === null) node.child.kill(signal);
  return node.exited;
}
