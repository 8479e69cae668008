import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, type ServerProcess, startBuiltServer } from "../support/server-process";

const TOKEN = "metrics-token-for-the-test";

describe("logs and metrics of a running server", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startBuiltServer({
      SEED_ON_START: "false",
      LOG_LEVEL: "info",
      METRICS_TOKEN: TOKEN,
      BETTER_AUTH_SECRET: "m".repeat(40),
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  const lines = () =>
    server
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  it("a line logged inside a request handler carries the request's id", async () => {
    const response = await fetch(`${server.url}/reset-password`, {
      method: "POST",
      headers: {
        origin: server.url,
        "content-type": "application/x-www-form-urlencoded",
        "x-request-id": "obs-reset-1",
      },
      body: new URLSearchParams({ token: "not-a-real-token", password: "long-enough-password" }),
    });
    expect(response.status).toBe(400);
    await expect
      .poll(() => lines().find((line) => line.msg === "password reset refused"), { timeout: 5_000 })
      .toMatchObject({ requestId: "obs-reset-1" });
  });

  it("a client's 404 is one warn line with its status and no stack", async () => {
    await fetch(`${server.url}/no-such-page`, { headers: { "x-request-id": "obs-404" } });
    await expect
      .poll(() => lines().filter((line) => line.requestId === "obs-404").length, { timeout: 5_000 })
      .toBe(1);
    const [line] = lines().filter((candidate) => candidate.requestId === "obs-404");
    expect(line).toMatchObject({ level: 40, res: { status: 404 } });
    expect(JSON.stringify(line)).not.toContain("stack");
  });

  it("a page-cache hit carries the security headers, allows its inline scripts by hash only, and is logged with its request id", async () => {
    await fetch(`${server.url}/about`).then((response) => response.arrayBuffer());
    const response = await fetch(`${server.url}/about`, { headers: { "x-request-id": "obs-hit" } });
    const html = await response.text();
    expect(response.headers.get("x-page-cache")).toBe("hit");
    expect(response.headers.get("x-request-id")).toBe("obs-hit");
    // A CDN may keep the copy (theme in its key); a page rendered for a session is never shared.
    expect(response.headers.get("cache-control")).toMatch(
      /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/,
    );
    expect(response.headers.get("vary")).toMatch(/\bCookie\b/);
    const personal = await fetch(`${server.url}/pricing`, { headers: { cookie: "some-session=1" } });
    await personal.text();
    expect(personal.headers.get("cache-control")).toBe("private, no-cache");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("'nonce-");
    expect(html).not.toMatch(/\snonce="/);
    const inline = [...html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)];
    expect(inline.length).toBeGreaterThan(0);
    for (const [, text = ""] of inline)
      expect(csp).toContain(`'sha256-${createHash("sha256").update(text).digest("base64")}'`);
    await expect
      .poll(() => lines().find((line) => line.requestId === "obs-hit"), { timeout: 5_000 })
      .toMatchObject({ msg: "request completed", res: { status: 200 } });
  });

  it("a hashed script carries nosniff and none of a document's headers; a file the build lacks is a plain 404", async () => {
    const page = await fetch(`${server.url}/about`).then((response) => response.text());
    const script =
      /<script[^>]*\ssrc="(\/assets\/[^"]+\.js)"/.exec(page)?.[1] ??
      /"(\/assets\/[^"]+\.js)"/.exec(page)?.[1];
    expect(script).toBeTruthy();
    const asset = await fetch(`${server.url}${script}`);
    await asset.arrayBuffer();
    expect(asset.status).toBe(200);
    expect(asset.headers.get("x-content-type-options")).toBe("nosniff");
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    for (const name of [
      "content-security-policy",
      "x-frame-options",
      "permissions-policy",
      "x-request-id",
      "last-modified",
    ])
      expect(asset.headers.get(name), name).toBeNull();
    const missing = await fetch(`${server.url}/assets/not-in-this-build.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await missing.text()).toBe("Not found");
  });

  it("an API answer, kept or not, carries a policy that loads and frames nothing and none of a page's headers, and is logged", async () => {
    const search = `${server.url}/api/v1/clips/search?q=ocean`;
    const fresh = await fetch(search);
    await fresh.arrayBuffer();
    const kept = await fetch(search, { headers: { "x-request-id": "obs-api" } });
    await kept.arrayBuffer();
    expect(kept.headers.get("x-api-cache")).toBe("hit");
    for (const answer of [fresh, kept]) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-security-policy")).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
      for (const name of [
        "x-frame-options",
        "permissions-policy",
        "referrer-policy",
        "cross-origin-opener-policy",
      ])
        expect(answer.headers.get(name), name).toBeNull();
    }
    await expect
      .poll(() => lines().find((line) => line.requestId === "obs-api"), { timeout: 5_000 })
      .toMatchObject({
        level: 30,
        msg: "request completed",
        req: { id: "obs-api", method: "GET", url: "/api/v1/clips/search?q=ocean", ip: "127.0.0.1" },
        res: { status: 200 },
      });
  });

  it("every line of output is JSON when stdout is not a terminal", () => {
    const output = server.output().split("\n").filter(Boolean);
    expect(output.filter((line) => !line.startsWith("{"))).toEqual([]);
  });

  it("GET /metrics from this machine has request durations by route and status, event-loop lag, the pool and the jobs", async () => {
    // Read to the end: a request is measured when its answer is complete.
    await (await fetch(`${server.url}/pricing`)).text();
    await (await fetch(`${server.url}/video/123456`)).text();
    const response = await fetch(`${server.url}/metrics`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/http_request_duration_seconds_bucket\{[^}]*route="\/pricing"[^}]*status="200"/);
    expect(text).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/video\/:id"[^}]*status="404"/);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^verdeo_db_pool_connections\{pool="primary",state="max"\} 20$/m);
    expect(text).toMatch(/^verdeo_jobs\{queue="mail.send",state="failed"\} 0$/m);
  });

  it("GET /metrics has what an operator watches: orders, payments, downloads, uploads, the pipeline, mail, the queue, the page cache and rate limits", async () => {
    // Two anonymous visits of a public page: the second is answered from the page cache.
    for (let visit = 0; visit < 2; visit++) await (await fetch(`${server.url}/pricing`)).text();
    const text = await (await fetch(`${server.url}/metrics`)).text();
    for (const name of [
      'verdeo_orders_total{event="placed"}',
      'verdeo_orders_total{event="paid"}',
      'verdeo_orders_total{event="refunded"}',
      'verdeo_payment_webhooks_total{outcome="bad_signature"}',
      'verdeo_mails_total{outcome="sent"}',
      'verdeo_mails_total{outcome="failed"}',
      'verdeo_jobs{queue="mail.send",state="queued"}',
      'verdeo_jobs_oldest_queued_age_seconds{queue="mail.send"}',
      'verdeo_page_cache_requests_total{result="miss"}',
    ])
      expect(text).toContain(`\n${name} `);
    for (const name of [
      "verdeo_downloads_total",
      "verdeo_uploads_total",
      "verdeo_pipeline_stage_duration_seconds",
      "verdeo_pipeline_failures_total",
      "verdeo_rate_limit_refusals_total",
      "verdeo_job_attempts_total",
    ])
      expect(text).toMatch(new RegExp(`^# TYPE ${name} `, "m"));
    expect(
      Number(/^verdeo_page_cache_requests_total\{result="hit"\} (\d+)/m.exec(text)?.[1]),
    ).toBeGreaterThan(0);
  });

  it("a request's log line carries the client address that TRUST_PROXY resolves, not the proxy's", async () => {
    const proxied = await startBuiltServer({
      SEED_ON_START: "false",
      LOG_LEVEL: "info",
      TRUST_PROXY: "1",
      BETTER_AUTH_SECRET: "m".repeat(40),
    });
    const loggedIp = (requestId: string) =>
      proxied
        .output()
        .split("\n")
        .filter((line) => line.includes(`"${requestId}"`))
        .map((line) => (JSON.parse(line) as { req?: { ip?: string } }).req?.ip)[0];
    try {
      await fetch(`${proxied.url}/no-such-page`, {
        headers: { "x-request-id": "obs-proxied", "x-forwarded-for": "203.0.113.7" },
      });
      await expect.poll(() => loggedIp("obs-proxied"), { timeout: 5_000 }).toBe("203.0.113.7");
      // A page-cache hit is answered before the Express app, and logs the same address.
      await fetch(`${proxied.url}/about`).then((response) => response.arrayBuffer());
      const hit = await fetch(`${proxied.url}/about`, {
        headers: { "x-request-id": "obs-proxied-hit", "x-forwarded-for": "203.0.113.8" },
      });
      expect(hit.headers.get("x-page-cache")).toBe("hit");
      await expect.poll(() => loggedIp("obs-proxied-hit"), { timeout: 5_000 }).toBe("203.0.113.8");
    } finally {
      await proxied.stop();
    }
  });

  it("a worker (npm run worker) answers /healthz and /metrics on its own port, and the queue gauges summed over processes count each queue once", async () => {
    const port = await freePort();
    const worker: ChildProcess = spawn(
      process.execPath,
      [path.resolve(process.env.VERDEO_BUILD_DIR ?? "build", "server", "worker.js")],
      {
        env: {
          ...process.env,
          NODE_ENV: "production",
          DATA_DIR: server.dataDir,
          WORKER_PORT: String(port),
          HOST: "127.0.0.1",
          BETTER_AUTH_SECRET: "m".repeat(40),
          LOG_LEVEL: "warn",
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    worker.stdout?.on("data", (chunk) => (output += chunk));
    worker.stderr?.on("data", (chunk) => (output += chunk));
    const exited = new Promise((resolve) => worker.once("exit", resolve));
    try {
      await expect
        .poll(
          () =>
            fetch(`http://127.0.0.1:${port}/healthz`).then(
              (response) => response.status,
              () => 0,
            ),
          { timeout: 60_000, interval: 250 },
        )
        .toBe(200);
      const metrics = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(metrics.status).toBe(200);
      const text = await metrics.text();
      expect(text).toMatch(/^# TYPE verdeo_jobs gauge$/m);
      expect(text).toMatch(/^# TYPE verdeo_pipeline_stage_duration_seconds histogram$/m);
      // The queue's gauges are the deployment's: summed over the web process and this worker, each
      // queue's count appears once (the web process, which works jobs too, reports them).
      const both = `${text}\n${await (await fetch(`${server.url}/metrics`)).text()}`;
      expect(both.match(/^verdeo_jobs\{queue="mail.send",state="failed"\} \d+$/gm)).toHaveLength(1);
      expect(both.match(/^verdeo_jobs_oldest_queued_age_seconds\{queue="mail.send"\} /gm)).toHaveLength(1);
      const proxied = { "x-forwarded-for": "203.0.113.9" };
      expect((await fetch(`http://127.0.0.1:${port}/metrics`, { headers: proxied })).status).toBe(404);
    } finally {
      worker.kill("SIGTERM");
      await exited;
    }
    expect(output).not.toMatch(/could not start/);
  });

  it("GET /metrics through a proxy needs the token", async () => {
    const proxied = { "x-forwarded-for": "203.0.113.9" };
    expect((await fetch(`${server.url}/metrics`, { headers: proxied })).status).toBe(404);
    const wrong = { ...proxied, authorization: "Bearer wrong-token-wrong-token-x" };
    expect((await fetch(`${server.url}/metrics`, { headers: wrong })).status).toBe(404);
    const right = { ...proxied, authorization: `Bearer ${TOKEN}` };
    expect((await fetch(`${server.url}/metrics`, { headers: right })).status).toBe(200);
  });
});
