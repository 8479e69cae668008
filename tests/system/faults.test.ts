import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "~/platform/db/embedded.server";
import {
  DEPLOYMENT_SETTINGS,
  postgresProcessesFor,
  type ServerProcess,
  startBuiltServer,
} from "../support/server-process";

const SECRET = { BETTER_AUTH_SECRET: "f".repeat(40), SEED_ON_START: "false" };

/** A raw request, so malformed URLs and headers reach the server exactly as written. */
function rawRequest(
  url: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: Buffer | string },
) {
  const { hostname, port } = new URL(url);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(
      {
        hostname,
        port,
        method: options.method ?? "GET",
        path: options.path,
        // Declare the length unless the case is about a body without one.
        headers: {
          ...(options.body && !options.headers?.["transfer-encoding"]
            ? { "content-length": String(Buffer.byteLength(options.body)) }
            : {}),
          ...options.headers,
        },
      },
      (response) => {
        let body = "";
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on("error", reject);
    if (options.body) request.write(options.body);
    request.end();
  });
}

describe("malformed requests", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "verdeo-faults-"));
    mkdirSync(path.join(dataDir, "media", "clips"), { recursive: true });
    writeFileSync(path.join(dataDir, "media", "clips", "sample.mp4"), Buffer.alloc(100_000, 7));
    server = await startBuiltServer({ ...SECRET, LOG_LEVEL: "info" }, { dataDir });
  });
  afterAll(async () => {
    await server.stop();
  });

  const cases: [string, Parameters<typeof rawRequest>[1], number[]][] = [
    [
      "an oversized body",
      {
        method: "POST",
        path: "/resources/theme",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: Buffer.alloc(2 * 1024 * 1024, 97),
      },
      [413],
    ],
    [
      "a 7 MB body to /profile, over the 6 MB its route declares for avatars",
      {
        method: "POST",
        path: "/profile",
        headers: { "content-type": "multipart/form-data; boundary=x" },
        body: Buffer.alloc(7 * 1024 * 1024, 97),
      },
      [413],
    ],
    [
      "a 2 MB avatar form to /profile, within its route's limit though over the default",
      {
        method: "POST",
        path: "/profile",
        headers: { "content-type": "multipart/form-data; boundary=x" },
        body: Buffer.alloc(2 * 1024 * 1024, 97),
      },
      [302],
    ],
    [
      "invalid JSON to an action",
      {
        method: "POST",
        path: "/resources/theme",
        headers: { "content-type": "application/json" },
        body: "{not json",
      },
      [400],
    ],
    [
      "invalid JSON to /login",
      {
        method: "POST",
        path: "/login",
        headers: { "content-type": "application/json" },
        body: "{not json",
      },
      [400],
    ],
    [
      "invalid JSON to /pricing",
      {
        method: "POST",
        path: "/pricing",
        headers: { "content-type": "application/json" },
        body: "{not json",
      },
      [400],
    ],
    [
      "invalid JSON to /forgot-password",
      {
        method: "POST",
        // A form anyone may send: /contact answers a visitor 401 before it reads the body.
        path: "/forgot-password",
        headers: { "content-type": "application/json" },
        body: "{not json",
      },
      [400],
    ],
    ["invalid UTF-8 in the path", { path: "/%ff%fe" }, [400]],
    ["invalid UTF-8 in a clip id", { path: "/video/%ff" }, [400, 404]],
    [
      "an absurd query string on /videos",
      { path: `/videos?q=${"%27%22%3B--".repeat(800)}&${"license=x&".repeat(300)}` },
      [200, 400],
    ],
    [
      "an absurd query string on /search",
      { path: `/search?q=${encodeURIComponent("🎬".repeat(3000))}` },
      [200, 400, 414, 431],
    ],
    [
      "a Range beyond the end of a file",
      { path: "/media/clips/sample.mp4", headers: { range: "bytes=99999999-" } },
      [416],
    ],
    [
      "a backwards Range",
      { path: "/media/clips/sample.mp4", headers: { range: "bytes=500-100" } },
      [200, 416],
    ],
    ["a path escaping the media root", { path: "/media/..%2f..%2fauth-secret" }, [403, 404]],
    [
      "a chunked body without a length",
      {
        method: "POST",
        path: "/resources/theme",
        headers: { "transfer-encoding": "chunked" },
        body: "5\r\nhello\r\n0\r\n\r\n",
      },
      [411],
    ],
  ];

  for (const [name, request, statuses] of cases) {
    it(`${name} is answered with ${statuses.join(" or ")}`, async () => {
      const response = await rawRequest(server.url, request);
      expect(statuses).toContain(response.status);
      expect(response.body).not.toMatch(/at .*\.(js|ts):\d+/);
    });
  }

  it("answers anonymous visits from the page cache only on routes that declare themselves public pages", async () => {
    const secondVisit = async (page: string) => {
      await fetch(`${server.url}${page}`).then((response) => response.arrayBuffer());
      return (await fetch(`${server.url}${page}`)).headers.get("x-page-cache");
    };
    expect(await secondVisit("/about")).toBe("hit");
    expect(await secondVisit("/contact")).toBeNull();
  });

  it("none of them is logged as a crash", () => {
    expect(server.output()).not.toContain('"level":50');
  });
});

describe("database stopped while serving", () => {
  let database: EmbeddedDatabase;
  let server: ServerProcess;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "verdeo-db-down-"));
    database = await startEmbeddedPostgres(dataDir, () => {});
    server = await startBuiltServer({ ...SECRET, ...DEPLOYMENT_SETTINGS, DATABASE_URL: database.url });
  });
  afterAll(async () => {
    await server.stop();
    await database.stop();
  });

  it("readiness fails, pages answer a friendly 503, and service resumes when the database is back", async () => {
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    await database.stop();
    await waitFor(async () => (await fetch(`${server.url}/readyz`)).status === 503);
    // Every answer comes quickly and is either the (briefly cached) page or the friendly 503 page.
    await waitFor(async () => {
      const started = Date.now();
      const page = await fetch(`${server.url}/videos?fresh=${started}`);
      expect(Date.now() - started).toBeLessThan(3_000);
      expect([200, 503]).toContain(page.status);
      return page.status === 503 && (await page.text()).includes("Verdeo will be right back");
    });

    database = await startEmbeddedPostgres(dataDir, () => {});
    await waitFor(async () => (await fetch(`${server.url}/readyz`)).status === 200);
    await waitFor(async () => (await fetch(`${server.url}/pricing?after=${Date.now()}`)).status === 200);
  });
});

describe("SIGTERM under load", () => {
  it("lets in-flight requests finish, refuses new connections and exits within 10 s", async () => {
    const server = await startBuiltServer(SECRET);
    const inFlight = Array.from({ length: 60 }, (_, i) =>
      fetch(`${server.url}/${i % 2 ? "pricing" : "videos"}`).then(
        (response) => response.status,
        () => "refused" as const,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 30));
    const stopped = Date.now();
    const exit = server.stop("SIGTERM");
    const statuses = await Promise.all(inFlight);
    // Some got in (the test is about them) and every one that did was answered in full.
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status !== "refused").every((status) => status === 200)).toBe(true);
    expect(await exit).toBe(0);
    expect(Date.now() - stopped).toBeLessThan(10_000);
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    expect(postgresProcessesFor(server.dataDir)).toBe("");
  });

  it("answers in full all 50 requests whose connections were accepted before SIGTERM, then exits 0", async () => {
    const timeoutMs = 8_000;
    const server = await startBuiltServer({ ...SECRET, SHUTDOWN_TIMEOUT_MS: String(timeoutMs) });
    const { hostname, port } = new URL(server.url);
    const connected: Promise<void>[] = [];
    const answers = Array.from({ length: 50 }, (_, i) => {
      const request = http.request({
        hostname,
        port,
        path: i % 2 ? "/pricing" : `/videos?q=${i}`,
        agent: false,
      });
      connected.push(
        new Promise((resolve) => request.once("socket", (socket) => socket.once("connect", resolve))),
      );
      const answer = new Promise<{ status: number; complete: boolean }>((resolve) => {
        request.once("response", (response) => {
          let bytes = 0;
          response.on("data", (chunk: Buffer) => (bytes += chunk.length));
          response.once("end", () =>
            resolve({ status: response.statusCode ?? 0, complete: response.complete && bytes > 0 }),
          );
          response.once("error", () => resolve({ status: response.statusCode ?? 0, complete: false }));
        });
        request.once("error", (error) => resolve({ status: 0, complete: error.message === "" }));
      });
      request.end();
      return answer;
    });
    // Every connection is established (in flight, or queued in the kernel) before the signal.
    await Promise.all(connected);
    const stopped = Date.now();
    const exit = server.stop("SIGTERM");
    const results = await Promise.all(answers);
    expect(results.filter((result) => !(result.status === 200 && result.complete))).toEqual([]);
    expect(await exit).toBe(0);
    expect(Date.now() - stopped).toBeLessThan(timeoutMs);
  });

  it("exits within SHUTDOWN_TIMEOUT_MS after PostgreSQL was restarted under the server", async () => {
    const timeoutMs = 5_000;
    const server = await startBuiltServer({ ...SECRET, SHUTDOWN_TIMEOUT_MS: String(timeoutMs) });
    let restarted: EmbeddedDatabase | undefined;
    try {
      // Its PostgreSQL goes away (a crash, an operator) and comes back, owned by someone else now.
      const [pid] = postgresProcessesFor(server.dataDir).split(/\s+/);
      process.kill(Number(pid), "SIGKILL");
      await waitFor(async () => postgresProcessesFor(server.dataDir) === "");
      restarted = await startEmbeddedPostgres(server.dataDir, () => {});
      await waitFor(
        async () => (await fetch(`${server.url}/readyz`)).status === 200,
        30_000,
        () => `the server did not get its database back; its log:\n${server.output()}`,
      );

      const stopped = Date.now();
      const code = await server.stop("SIGTERM");
      expect(Date.now() - stopped).toBeLessThanOrEqual(timeoutMs);
      expect(code).toBe(0);
    } finally {
      await restarted?.stop();
    }
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 15_000, explain = () => "") {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`condition not met in time ${explain()}`.trim());
}
