/**
 * Start-up as a new user sees it: a fresh clone (committed HEAD) with its dependencies installed, then
 * `npm start` until the home page answers 200 with the demo catalogue; stop; `npm start` again on the
 * unchanged tree. Targets: first start ≤ 20 s, second start ≤ 5 s.
 *
 * The clone's node_modules is a link to this checkout's (what `npm install` would produce, without
 * re-downloading it on every run); the build, the database and the demo data are the clone's own.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { DEMO_CLIPS } from "../server/seed/demo-content";
import { freePort } from "../tests/support/server-process";
import { report } from "./lib";

const FIRST_TARGET_S = 20;
const SECOND_TARGET_S = 5;
/** A demo clip's title on the home page says the catalogue is there, not just a page shell. */
const DEMO_TITLE = DEMO_CLIPS[0]!.title;

async function timedStart(cwd: string, env: Record<string, string>) {
  const started = performance.now();
  const child = spawn("npm", ["start", "--silent"], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output = (output + chunk).slice(-20_000)));
  child.stderr?.on("data", (chunk) => (output = (output + chunk).slice(-20_000)));
  const deadline = started + 120_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
    const html = await fetch(`${env.PUBLIC_URL}/`).then(
      (response) => (response.ok ? response.text() : ""),
      () => "",
    );
    if (html.includes(DEMO_TITLE)) return { seconds: (performance.now() - started) / 1000, child };
    await sleep(100);
  }
  await stop(child);
  throw new Error(`no 200 with the demo catalogue within 120 s:\n${output}`);
}

/** SIGTERM to the whole group (npm, node, postgres), then wait for npm to exit. */
async function stop(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  if (child.exitCode === null && child.pid) process.kill(-child.pid, "SIGTERM");
  await Promise.race([exited, sleep(20_000)]);
}

export async function benchStartup() {
  const root = execFileSync("git", ["rev-parse", "--show-toplevel"], { encoding: "utf8" }).trim();
  const work = mkdtempSync(path.join(tmpdir(), "verdeo-startup-"));
  const clone = path.join(work, "verdeo");
  // Its own temporary folder: PostgreSQL (run as another user) must reach it, and mkdtemp's are 0700.
  const dataDir = mkdtempSync(path.join(tmpdir(), "verdeo-startup-data-"));
  try {
    execFileSync("git", ["clone", "--quiet", root, clone]);
    symlinkSync(path.join(root, "node_modules"), path.join(clone, "node_modules"));
    const port = await freePort();
    const env = {
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      VERDEO_BUILD_DIR: "build",
    };
    const first = await timedStart(clone, env);
    await stop(first.child);
    const second = await timedStart(clone, env);
    await stop(second.child);
    return report(
      "startup",
      "Start-up of a fresh clone (npm start until the home page shows the demo catalogue)",
      [
        {
          start: "first (no build, empty database)",
          seconds: first.seconds,
          target: `≤ ${FIRST_TARGET_S}`,
          met: first.seconds <= FIRST_TARGET_S,
        },
        {
          start: "second (unchanged tree)",
          seconds: second.seconds,
          target: `≤ ${SECOND_TARGET_S}`,
          met: second.seconds <= SECOND_TARGET_S,
        },
      ],
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchStartup();
