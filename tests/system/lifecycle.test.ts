import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "~/platform/db/embedded.server";
import { FFMPEG_INSTALL_HINT } from "~/platform/media-tools.server";
import {
  builtServerEntry,
  DEPLOYMENT_SETTINGS,
  freePort,
  postgresProcessesFor,
  startBuiltServer,
} from "../support/server-process";

const NO_SEED = { SEED_ON_START: "false" };

/** Runs the server expecting it to refuse to start; returns its exit code and output. */
function startExpectingFailure(env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [builtServerEntry()], {
      env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

describe("server lifecycle", () => {
  it("SIGTERM stops the server within 10 s and leaves no postgres process", async () => {
    const server = await startBuiltServer(NO_SEED);
    expect(postgresProcessesFor(server.dataDir)).not.toBe("");
    const started = Date.now();
    const code = await server.stop("SIGTERM");
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(postgresProcessesFor(server.dataDir)).toBe("");
  });

  it("SIGTERM writes the searches counted since the last write before the database stops", async () => {
    // No drain: the process is gone well before the buffer's own timer would write.
    const server = await startBuiltServer({ ...NO_SEED, SHUTDOWN_DRAIN_MS: "0" });
    expect((await fetch(`${server.url}/search?q=Harbour+Lights`)).status).toBe(200);
    expect(await server.stop("SIGTERM")).toBe(0);
    const database = await startEmbeddedPostgres(server.dataDir, () => {});
    try {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const { rows } = await client.query("select query, searches from search_query_stats");
      await client.end();
      expect(rows).toEqual([{ query: "harbour lights", searches: 1 }]);
    } finally {
      await database.stop();
    }
  });

  it("a process that stopped its embedded PostgreSQL exits at once: no timer or exit hook keeps it waiting", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "verdeo-embedded-stop-"));
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "tests/support/embedded-start-stop.ts", dataDir],
      {
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    const code = await new Promise((resolve) => child.on("exit", resolve));
    const exitedAt = Date.now();
    expect(code).toBe(0);
    const stoppedAt = Number(/stopped at (\d+)/.exec(output)?.[1]);
    // Waiting there used to take 10-20 s: a PostgreSQL stop timer and the library's own exit hook.
    expect(exitedAt - stoppedAt).toBeLessThan(3_000);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("a PostgreSQL killed while one of its connections stalls starts again once that connection lets go", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "verdeo-embedded-linger-"));
    const first = await startEmbeddedPostgres(dataDir, () => {});
    const client = new pg.Client({ connectionString: first.url });
    client.on("error", () => {});
    await client.connect();
    const backend = (await client.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]!.pid;
    let restarted: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
    try {
      // The connection's process is stalled (as on a busy machine) when its postmaster dies: it
      // keeps PostgreSQL's shared memory attached until it runs again and notices.
      process.kill(backend, "SIGSTOP");
      process.kill(Number(postgresProcessesFor(dataDir)), "SIGKILL");
      for (let waited = 0; postgresProcessesFor(dataDir) !== "" && waited < 5_000; waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50));
      setTimeout(() => resumeIfAlive(backend), 1_500);
      restarted = await startEmbeddedPostgres(dataDir, () => {});
      const check = new pg.Client({ connectionString: restarted.url });
      await check.connect();
      expect((await check.query("select 1 as one")).rows).toEqual([{ one: 1 }]);
      await check.end();
    } finally {
      resumeIfAlive(backend); // when the start failed before the timer let it go
      await restarted?.stop();
      await first.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("an idle server's start-up lines reach stdout within a second, without waiting for more to log", async () => {
    const server = await startBuiltServer({ ...NO_SEED, LOG_LEVEL: "info" });
    try {
      const deadline = Date.now() + 1_500;
      while (!server.output().includes("Verdeo is ready") && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(server.output()).toContain("Verdeo is ready");
    } finally {
      await server.stop();
    }
  });

  it("a first start logs its generated secret and the embedded database's creation, begun before the app loaded", async () => {
    const server = await startBuiltServer({ ...NO_SEED, LOG_LEVEL: "info", BETTER_AUTH_SECRET: "" });
    try {
      const deadline = Date.now() + 1_500;
      while (!server.output().includes("Verdeo is ready") && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(server.output()).toContain("BETTER_AUTH_SECRET is not set: generated one");
      expect(server.output()).toContain("Initialising the embedded PostgreSQL database");
    } finally {
      await server.stop();
    }
  });

  it("kill -9 followed by a start loses no committed data and is ready within 5 s", async () => {
    const first = await startBuiltServer(NO_SEED);
    const database = await startEmbeddedPostgres(first.dataDir, () => {}); // attaches to the running one
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(
      "insert into niches (id, name, icon, thumbnail_url, display_order) values ('kill-test', 'Kill Test', 'x', '/x.jpg', 99)",
    );
    await client.end();
    await first.stop("SIGKILL");

    const started = Date.now();
    const second = await startBuiltServer(NO_SEED, { dataDir: first.dataDir });
    expect(Date.now() - started).toBeLessThan(5_000);
    const again = await startEmbeddedPostgres(second.dataDir, () => {});
    const check = new pg.Client({ connectionString: again.url });
    await check.connect();
    const { rows } = await check.query("select name from niches where id = 'kill-test'");
    await check.end();
    expect(rows).toEqual([{ name: "Kill Test" }]);
    await second.stop();
    expect(postgresProcessesFor(first.dataDir)).toBe("");
  });

  it("a malformed DATABASE_URL stops the start with one clear line", async () => {
    const { code, output } = await startExpectingFailure({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "verdeo-bad-")),
      DATABASE_URL: "mysql://nope",
    });
    expect(code).toBe(1);
    expect(output.trim()).toMatch(
      /^Verdeo could not start: Invalid configuration: DATABASE_URL must look like postgres/,
    );
    expect(output.trim().split("\n")).toHaveLength(1);
  });

  it("an unwritable DATA_DIR stops the start with one clear line", async () => {
    const { code, output } = await startExpectingFailure({ DATA_DIR: "/dev/null/verdeo" });
    expect(code).toBe(1);
    expect(output.trim()).toMatch(/^Verdeo could not start: DATA_DIR \/dev\/null\/verdeo is not writable/);
  });

  it("a port in use stops the start with one clear line and leaves no postgres process", async () => {
    const port = await freePort();
    const blocker = createServer().listen(port, "127.0.0.1");
    await new Promise((resolve) => blocker.once("listening", resolve));
    const dataDir = mkdtempSync(path.join(tmpdir(), "verdeo-port-"));
    try {
      const { code, output } = await startExpectingFailure({
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: "127.0.0.1",
        // Set, so the only line is the refusal (a generated key is reported as a warning).
        BETTER_AUTH_SECRET: "x".repeat(40),
        PAYOUT_ENCRYPTION_KEY: DEPLOYMENT_SETTINGS.PAYOUT_ENCRYPTION_KEY,
      });
      expect(code).toBe(1);
      expect(output.trim()).toBe(
        `Verdeo could not start: Port ${port} on 127.0.0.1 is already in use (set PORT)`,
      );
      // The embedded PostgreSQL starts while the app loads; the refused start stopped it.
      expect(postgresProcessesFor(dataDir)).toBe("");
    } finally {
      blocker.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("two processes starting at once on one external database migrate once and both serve", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "verdeo-shared-db-"));
    const database = await startEmbeddedPostgres(dataDir, () => {});
    try {
      const env = {
        ...NO_SEED,
        ...DEPLOYMENT_SETTINGS,
        DATABASE_URL: database.url,
        BETTER_AUTH_SECRET: "x".repeat(40),
      };
      const [a, b] = await Promise.all([startBuiltServer(env), startBuiltServer(env)]);
      for (const server of [a, b]) expect((await fetch(`${server.url}/`)).status).toBe(200);
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const { rows } = await client.query("select count(*)::int as count from drizzle.__drizzle_migrations");
      const { rows: files } = await client.query(
        "select count(distinct hash)::int as count from drizzle.__drizzle_migrations",
      );
      await client.end();
      expect(rows[0].count).toBe(files[0].count);
      await Promise.all([a.stop(), b.stop()]);
    } finally {
      await database.stop();
    }
  });

  it("with no ffmpeg on the PATH the start stops with one clear line and the install commands", async () => {
    const { code, output } = await startExpectingFailure({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "verdeo-no-ffmpeg-")),
      PATH: mkdtempSync(path.join(tmpdir(), "verdeo-empty-path-")),
      FFMPEG_PATH: "",
      FFPROBE_PATH: "",
    });
    expect(code).toBe(1);
    expect(output.trim()).toBe(
      `Verdeo could not start: ffmpeg 5 or newer is required but there is none on PATH: ${FFMPEG_INSTALL_HINT}`,
    );
  });

  it("a production build at an https address on the embedded database is a deployment: no demo accounts", async () => {
    const server = await startBuiltServer({
      ...DEPLOYMENT_SETTINGS,
      PUBLIC_URL: "https://verdeo.example",
      BETTER_AUTH_SECRET: "x".repeat(40),
      LOG_LEVEL: "info",
    });
    expect((await fetch(`${server.url}/pricing`)).status).toBe(200);
    await server.stop();
    expect(server.output()).toContain(
      "Mode: deployment at https://verdeo.example, embedded database, demo content off (a deployment gets it only with SEED_DEMO=true)",
    );
    expect(server.output()).toMatch(/Media tools: ffmpeg \S+ \(\//);
    const database = await startEmbeddedPostgres(server.dataDir, () => {});
    try {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const { rows } = await client.query(`select email from "user"`);
      const { rows: niches } = await client.query("select count(*)::int as count from niches");
      await client.end();
      expect(rows).toEqual([]);
      expect(niches[0].count).toBeGreaterThan(0);
    } finally {
      await database.stop();
    }
  });

  describe("an external database (a real deployment)", () => {
    it("a plain-http OAuth endpoint stops the start with one clear line", async () => {
      const { code, output } = await startExpectingFailure({
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "verdeo-http-oauth-")),
        DATABASE_URL: "postgres://verdeo:pw@127.0.0.1:1/verdeo",
        BETTER_AUTH_SECRET: "s".repeat(40),
        OAUTH_PROVIDER_URL: "http://oauth.example",
      });
      expect(code).toBe(1);
      expect(output.trim().split("\n")).toHaveLength(1);
      expect(output.trim()).toMatch(
        /^Verdeo could not start: OAUTH_PROVIDER_URL is plain http \(http:\/\/oauth.example\)/,
      );
    });

    it("without BETTER_AUTH_SECRET the start stops with one clear line", async () => {
      const { code, output } = await startExpectingFailure({
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "verdeo-no-secret-")),
        DATABASE_URL: "postgres://verdeo:pw@127.0.0.1:1/verdeo",
        BETTER_AUTH_SECRET: "",
      });
      expect(code).toBe(1);
      expect(output.trim().split("\n")).toHaveLength(1);
      expect(output.trim()).toMatch(
        /^Verdeo could not start: BETTER_AUTH_SECRET is required with an external DATABASE_URL/,
      );
    });

    it("gets niches and plans but no demo accounts, clips or promo codes", async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "verdeo-external-"));
      const database = await startEmbeddedPostgres(dataDir, () => {});
      try {
        const server = await startBuiltServer({
          ...DEPLOYMENT_SETTINGS,
          DATABASE_URL: database.url,
          BETTER_AUTH_SECRET: "x".repeat(40),
          LOG_LEVEL: "info",
        });
        expect((await fetch(`${server.url}/pricing`)).status).toBe(200);
        await server.stop();
        expect(server.output()).toContain("SMTP_URL is not set");
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        const count = async (table: string) =>
          (await client.query(`select count(*)::int as count from ${table}`)).rows[0].count;
        const counts = {
          users: await count('"user"'),
          clips: await count("clips"),
          promos: await count("promo_codes"),
        };
        const niches = await count("niches");
        await client.end();
        expect(counts).toEqual({ users: 0, clips: 0, promos: 0 });
        expect(niches).toBeGreaterThan(0);
      } finally {
        await database.stop();
      }
    });
  });
});

/** Lets a stopped process run on, if it has not ended already. */
function resumeIfAlive(pid: number) {
  try {
    process.kill(pid, "SIGCONT");
  } catch {
    // Gone: nothing holds on to anything.
  }
}
