import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startBuiltServer } from "../support/server-process";

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
    expect(text).toMatch(/^verdeo_db_pool_connections\{state="max"\} 20$/m);
    expect(text).toMatch(/^verdeo_jobs\{queue="mail.send",state="failed"\} 0$/m);
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
