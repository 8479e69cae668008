import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export interface ServerProcess {
  url: string;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  /** Every line it logged at error level or above (the output keeps only its tail). */
  errors: () => string[];
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * What a deployment (an external database, or an https PUBLIC_URL) must set beside its secret: its
 * own seller details and mail sender, or it refuses to start.
 */
export const DEPLOYMENT_SETTINGS = {
  SELLER_VAT_ID: "CY10259033P",
  SELLER_IBAN: "DE89 3704 0044 0532 0130 00",
  MAIL_FROM: "Verdeo <no-reply@verdeo.example>",
  PAYOUT_ENCRYPTION_KEY: "dGVzdC1wYXlvdXQta2V5LXRoaXJ0eS10d28tYnl0ZXM=",
};

/** The compiled server entry (`npm run build`), run with plain node as in production. */
export function builtServerEntry() {
  return path.resolve(process.env.VERDEO_BUILD_DIR ?? "build", "server", "main.js");
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const TAIL_BYTES = 65_536;
/** A line at pino's level 50 (error) or 60 (fatal) holds one of these. */
const ERROR_LEVEL = ['"level":50', '"level":60'].map((mark) => Buffer.from(mark));

/**
 * Starts the built server (`npm run build` first) as its own process on a free port with a
 * temporary DATA_DIR, and waits until /readyz answers.
 */
export async function startBuiltServer(
  env: Record<string, string> = {},
  options: { dataDir?: string; readyTimeoutMs?: number; nodeArgs?: string[] } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "verdeo-e2e-"));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), builtServerEntry()], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Keep the tail of the output only, and look for errors without decoding every line: a
  // benchmark's server logs thousands of lines a second into this process, which may be the one
  // making the load, so reading them must cost it next to nothing.
  const tail: Buffer[] = [];
  let tailBytes = 0;
  const errors: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    let partial: Buffer = Buffer.alloc(0);
    stream?.on("data", (chunk: Buffer) => {
      tail.push(chunk);
      tailBytes += chunk.length;
      while (tailBytes - tail[0]!.length >= TAIL_BYTES) tailBytes -= tail.shift()!.length;
      const text = partial.length > 0 ? Buffer.concat([partial, chunk]) : chunk;
      const end = text.lastIndexOf(10);
      // An unfinished line waits for its end (one past the tail's size is not checked).
      partial = text.subarray(end + 1).subarray(0, TAIL_BYTES);
      const lines = text.subarray(0, Math.max(0, end));
      if (!ERROR_LEVEL.some((mark) => lines.includes(mark))) return;
      // pino's levels: 50 error, 60 fatal.
      for (const line of lines.toString().split("\n"))
        if (/"level":(50|60)\b/.test(line) && errors.length < 500) errors.push(line.slice(0, 8_000));
    });
  }
  const log = () => Buffer.concat(tail).toString().slice(-TAIL_BYTES);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const deadline = Date.now() + (options.readyTimeoutMs ?? 150_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log()}`);
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (Date.now() >= deadline) {
    child.kill("SIGKILL");
    throw new Error(`server not ready in time:\n${log()}`);
  }
  return {
    url,
    dataDir,
    child,
    output: log,
    errors: () => errors,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** The postgres processes serving a DATA_DIR's embedded database (their command line names it). */
export function postgresProcessesFor(dataDir: string) {
  try {
    return execFileSync("pgrep", ["-f", `postgres -D ${path.join(dataDir, "pg")}`], {
      encoding: "utf8",
    }).trim();
  } catch {
    return "";
  }
}
