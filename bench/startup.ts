/**
 * Start-up as a new user sees it: a fresh clone (committed HEAD) with its dependencies installed, then
 * `npm start` on an empty data folder, then (once the first server has exited and its port is closed)
 * `npm start` again on the unchanged tree. The first start is measured four ways:
 *
 * - first 200: the home page answers (a page shell, maybe without clips yet);
 * - demo page: the home page lists the demo clips, every one of them with a picture (its photograph
 *   or its own poster, never the "processing" spinner), and those pictures load;
 * - all previews: every demo clip went through the media pipeline at least once (its preview
 *   pass, or its only pass for studio clips), and every published clip's preview is served.
 *
 * Targets: first 200 ≤ 20 s, demo page at once (≤ 20 s too), all previews ≤ 5 min, second start ≤ 5 s,
 * each with 30% to spare. Three runs: `BENCH_SESSION=<name> npm run bench:startup` three times (each a
 * fresh clone) gives min / median / max, a target met only when every run met it.
 * The 1080p licensee files follow after the previews and are not waited for here.
 *
 * The second start is checked to be answered by the new process: /healthz names each process run
 * (a header), and an answer from the first run's id, or any answer before the new one's, fails the run.
 *
 * The clone's node_modules is a link to this checkout's (what `npm install` would produce, without
 * re-downloading it on every run); the build, the database and the demo data are the clone's own.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { connect } from "node:net";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { DEMO_CLIPS } from "../server/seed/demo-content";
import { ALL_DEMO_CLIPS, demoManifestKey, PROCESSING_POSTER_URL } from "../server/seed/media";
import { START_ID_HEADER } from "../server/start-id";
import { freePort } from "../tests/support/server-process";
import { report } from "./lib";
import { machineSpeed } from "./machine-speed";

const FIRST_TARGET_S = 20;
const PREVIEWS_TARGET_S = 300;
const SECOND_TARGET_S = 5;
/** Issue 40: each target is to hold with 30% to spare (first 200 within 15.4 s, previews within 231 s). */
const MARGIN = 1.3;
/**
 * How long the first start may take to have every preview: past it, the run reports how many were
 * ready (target not met) and goes on to the second start.
 */
const PREVIEWS_GIVE_UP_S = Number(process.env.STARTUP_PREVIEWS_GIVE_UP_S ?? 35 * 60);
/** The home page's first row: a demo clip's title says the catalogue is there, not just a shell. */
const DEMO_TITLE = DEMO_CLIPS[0]!.title;

class BenchFailure extends Error {}

interface Started {
  child: ChildProcess;
  started: number;
  output: () => string;
}

/** Every npm start of the run, so a failure anywhere still stops them all. */
const running: Started[] = [];

function npmStart(cwd: string, env: Record<string, string>): Started {
  const child = spawn("npm", ["start", "--silent"], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  // BENCH_STARTUP_LOG=<file> keeps every start's whole output there (where the minutes went).
  const keep = (chunk: Buffer) => {
    output = (output + chunk).slice(-20_000);
    if (process.env.BENCH_STARTUP_LOG) appendFileSync(process.env.BENCH_STARTUP_LOG, chunk);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const started = { child, started: performance.now(), output: () => output };
  running.push(started);
  return started;
}

const since = (start: Started) => (performance.now() - start.started) / 1000;

async function get(url: string, init?: RequestInit) {
  try {
    const response = await fetch(url, { ...init, headers: { cookie: "fresh=1", ...init?.headers } });
    return { status: response.status, headers: response.headers, text: await response.text() };
  } catch {
    return undefined;
  }
}

/** Polls until `check` returns a value, failing with the server's output past `seconds`. */
async function until<T>(start: Started, what: string, seconds: number, check: () => Promise<T | undefined>) {
  const deadline = start.started + seconds * 1000;
  while (performance.now() < deadline) {
    if (start.child.exitCode !== null) throw new BenchFailure(`npm start exited early:\n${start.output()}`);
    const value = await check();
    if (value !== undefined) return { value, seconds: since(start) };
    await sleep(100);
  }
  throw new BenchFailure(`${what} not within ${seconds} s:\n${start.output()}`);
}

/** The clips' posters on a page: the demo's photographs, or what the pipeline made. */
const CLIP_POSTER = /^\/media\/(demo\/posters|clips)\//;

/** The image URLs of the demo clips' cards on a page (their posters). */
function demoPosters(html: string) {
  const shown = DEMO_CLIPS.filter((clip) => html.includes(clip.title.replaceAll("&", "&amp;")));
  // Cards show a poster as an <img>, or as the poster of their <video> (the home page's rows).
  const images = [...html.matchAll(/<(?:img[^>]+src|video[^>]+poster)="([^"]+)"/g)]
    .map((match) => match[1]!.replaceAll("&amp;", "&"))
    .filter((src) => CLIP_POSTER.test(src));
  return { titles: shown.length, images, spinners: html.split(PROCESSING_POSTER_URL).length - 1 };
}

/**
 * How many demo clips have a manifest (preview or full pass), and the previews of the published
 * ones among them (to check they are served).
 */
function previewsDone(dataDir: string, origin: string) {
  const previewUrls: string[] = [];
  let done = 0;
  for (const clip of ALL_DEMO_CLIPS) {
    const file = [demoManifestKey(clip.id), demoManifestKey(clip.id, "preview")]
      .map((key) => path.join(dataDir, "private", key))
      .find((candidate) => existsSync(candidate));
    if (!file) continue;
    done++;
    const manifest = JSON.parse(readFileSync(file, "utf8")) as {
      status: string;
      media: { previewUrl?: string };
    };
    if (manifest.status === "published") {
      if (!manifest.media.previewUrl)
        throw new BenchFailure(`demo clip #${clip.id} is published without a preview`);
      previewUrls.push(manifest.media.previewUrl);
    }
  }
  return { done, urls: previewUrls.map((url) => (url.startsWith("/") ? origin + url : url)) };
}

/** SIGTERM to the whole group (npm, node, postgres, ffmpeg), then wait for npm to exit. */
async function stop(start: Started) {
  const exited = new Promise((resolve) => start.child.once("exit", resolve));
  if (start.child.exitCode === null && start.child.pid) process.kill(-start.child.pid, "SIGTERM");
  await Promise.race([exited, sleep(30_000)]);
  if (start.child.exitCode === null && start.child.signalCode === null)
    throw new BenchFailure("npm start did not exit within 30 s of SIGTERM");
}

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

/** npm's exit is not the server's: it drains for SHUTDOWN_DRAIN_MS and may answer meanwhile. */
async function waitForPortClosed(port: number) {
  const started = performance.now();
  while (performance.now() - started < 30_000) {
    if (!(await portOpen(port))) return (performance.now() - started) / 1000;
    await sleep(50);
  }
  throw new BenchFailure(`port ${port} still open 30 s after the first server's npm exited`);
}

async function firstStart(clone: string, env: Record<string, string>, dataDir: string) {
  const start = npmStart(clone, env);
  const url = env.PUBLIC_URL!;
  const first200 = await until(start, "a 200 from the home page", 120, async () =>
    (await get(`${url}/`))?.status === 200 ? true : undefined,
  );
  const demoPage = await until(start, "the home page with the demo clips", 120, async () => {
    const page = await get(`${url}/`);
    return page?.status === 200 && page.text.includes(DEMO_TITLE) ? page.text : undefined;
  });
  const posters = demoPosters(demoPage.value);
  if (posters.images.length < 10)
    throw new BenchFailure(`the first page with demo clips shows only ${posters.images.length} clip posters`);
  if (posters.spinners > 0)
    throw new BenchFailure(`the first page with demo clips shows ${posters.spinners} "processing" posters`);
  const broken: string[] = [];
  for (const image of posters.images) {
    const response = await fetch(image.startsWith("/") ? url + image : image).catch(() => undefined);
    if (!response?.ok || !response.headers.get("content-type")?.startsWith("image/")) broken.push(image);
    await response?.arrayBuffer();
  }
  if (broken.length > 0) throw new BenchFailure(`posters that do not load: ${broken.join(", ")}`);
  const startId = (await get(`${url}/healthz`))?.headers.get(START_ID_HEADER);
  if (!startId) throw new BenchFailure(`/healthz answers without a ${START_ID_HEADER} header`);
  console.log(
    `first 200 after ${first200.seconds.toFixed(1)} s; home page with demo clips and ${posters.images.length} posters after ${demoPage.seconds.toFixed(1)} s`,
  );
  let previews = previewsDone(dataDir, url);
  let reported = 0;
  while (previews.done < ALL_DEMO_CLIPS.length && since(start) < PREVIEWS_GIVE_UP_S) {
    if (start.child.exitCode !== null) throw new BenchFailure(`npm start exited early:\n${start.output()}`);
    if (previews.done >= reported + 10) {
      reported = previews.done;
      console.log(
        `${previews.done} of ${ALL_DEMO_CLIPS.length} demo clips previewed after ${since(start).toFixed(0)} s`,
      );
    }
    await sleep(500);
    previews = previewsDone(dataDir, url);
  }
  const previewsSeconds = since(start);
  const unplayable: string[] = [];
  for (const preview of previews.urls) {
    const response = await fetch(preview, { headers: { range: "bytes=0-1023" } }).catch(() => undefined);
    if (
      !response ||
      ![200, 206].includes(response.status) ||
      !response.headers.get("content-type")?.includes("mp4")
    )
      unplayable.push(preview);
    await response?.arrayBuffer();
  }
  if (unplayable.length > 0) throw new BenchFailure(`previews that are not served: ${unplayable.join(", ")}`);
  return { start, startId, first200, demoPage, posters, previews, previewsSeconds };
}

async function secondStart(clone: string, env: Record<string, string>, previousId: string) {
  const start = npmStart(clone, env);
  const url = env.PUBLIC_URL!;
  // Any answer before the new process names itself would be the old one's: fail rather than time it.
  const healthy = await until(start, "/healthz of the second start", 60, async () => {
    const health = await get(`${url}/healthz`);
    if (!health) return undefined;
    const id = health.headers.get(START_ID_HEADER);
    if (!id || id === previousId)
      throw new BenchFailure(`the second start's /healthz was answered by the first server (start id ${id})`);
    return id;
  });
  const page = await until(start, "the home page with the demo clips (second start)", 60, async () => {
    const response = await get(`${url}/`);
    return response?.status === 200 && response.text.includes(DEMO_TITLE) ? true : undefined;
  });
  const after = (await get(`${url}/healthz`))?.headers.get(START_ID_HEADER);
  if (after !== healthy.value)
    throw new BenchFailure(`/healthz changed hands during the second start (${after})`);
  return { start, seconds: page.seconds };
}

export async function benchStartup(): Promise<string> {
  const root = execFileSync("git", ["rev-parse", "--show-toplevel"], { encoding: "utf8" }).trim();
  const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  const work = mkdtempSync(path.join(tmpdir(), "verdeo-startup-"));
  const clone = path.join(work, "verdeo");
  // Its own temporary folder: PostgreSQL (run as another user) must reach it, and mkdtemp's are 0700.
  const dataDir = mkdtempSync(path.join(tmpdir(), "verdeo-startup-data-"));
  const loadBefore = loadavg();
  // Timed before the clone, so the report states the machine's speed at rest.
  const speed = machineSpeed();
  const loads: number[] = [];
  const sampler = setInterval(() => loads.push(loadavg()[0]!), 5_000);
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
    const first = await firstStart(clone, env, dataDir);
    await stop(first.start);
    const portClosedAfter = await waitForPortClosed(port);
    console.log(`the first server's port closed ${portClosedAfter.toFixed(1)} s after npm exited`);
    const second = await secondStart(clone, env, first.startId);
    await stop(second.start);
    const sorted = [...loads].sort((a, b) => a - b);
    const load = (q: number) => sorted[Math.floor(q * (sorted.length - 1))]?.toFixed(1) ?? "?";
    const markdown = report(
      "startup",
      "Start-up of a fresh clone (npm start on an empty data folder, then again on the unchanged tree)",
      [
        {
          figure: "first start: first 200 from the home page",
          seconds: first.first200.seconds,
          target: `≤ ${FIRST_TARGET_S}`,
          met: first.first200.seconds <= FIRST_TARGET_S,
          "met with 30% margin": first.first200.seconds <= FIRST_TARGET_S / MARGIN,
        },
        {
          figure: `first start: home page with the demo clips, ${first.posters.titles} titles, ${first.posters.images.length} pictures loaded, 0 spinners`,
          seconds: first.demoPage.seconds,
          target: `≤ ${FIRST_TARGET_S} (posters at once)`,
          met: first.demoPage.seconds <= FIRST_TARGET_S,
          "met with 30% margin": first.demoPage.seconds <= FIRST_TARGET_S / MARGIN,
        },
        {
          figure:
            first.previews.done === ALL_DEMO_CLIPS.length
              ? `first start: every demo clip's preview pass done, ${first.previews.urls.length} published previews served`
              : `first start: only ${first.previews.done} of ${ALL_DEMO_CLIPS.length} demo clips previewed when the run stopped waiting (${first.previews.urls.length} previews served)`,
          seconds: first.previewsSeconds,
          target: `≤ ${PREVIEWS_TARGET_S}`,
          met: first.previews.done === ALL_DEMO_CLIPS.length && first.previewsSeconds <= PREVIEWS_TARGET_S,
          "met with 30% margin":
            first.previews.done === ALL_DEMO_CLIPS.length &&
            first.previewsSeconds <= PREVIEWS_TARGET_S / MARGIN,
        },
        {
          figure: "second start (once the first server's port closed; answered by the new process)",
          seconds: second.seconds,
          target: `≤ ${SECOND_TARGET_S}`,
          met: second.seconds <= SECOND_TARGET_S,
          "met with 30% margin": second.seconds <= SECOND_TARGET_S / MARGIN,
        },
        // Beside the figures, so runs on machines of different speed can be told apart.
        { figure: "this run's machine: JavaScript workload (CPU s)", seconds: speed.javascriptCpuSeconds },
        { figure: "this run's machine: ffmpeg workload (CPU s)", seconds: speed.ffmpegCpuSeconds ?? "n/a" },
      ],
    );
    const notes = [
      "",
      `Commit ${commit}, measured ${new Date().toISOString()} on ${process.env.HOSTNAME ?? "this machine"} (2 cores, shared).`,
      `Load average (1 min) when the run began: ${loadBefore.map((value) => value.toFixed(1)).join(", ")} (1, 5, 15 min); during the run: median ${load(0.5)}, max ${load(1)}.`,
      "",
    ].join("\n");
    console.log(notes);
    writeFileSync(path.resolve("bench/results/startup.md"), `${markdown}${notes}`);
    return `${markdown}${notes}`;
  } catch (error) {
    for (const start of running) if (start.child.exitCode === null) await stop(start).catch(() => {});
    if (error instanceof BenchFailure) {
      console.error(`\nSTART-UP BENCH FAILED: ${error.message}`);
      process.exitCode = 1;
      return `START-UP BENCH FAILED: ${error.message.split("\n")[0]}\n`;
    }
    throw error;
  } finally {
    clearInterval(sampler);
    rmSync(work, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchStartup();
