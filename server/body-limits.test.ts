import http from "node:http";
import net from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import type { RouteHandle } from "~/platform/http/route-handle";
import { closingTestServers } from "../tests/support/test-servers";
import { bodyLimits, drainUnreadBodies, tooLargeMessage } from "./body-limits";

const servers = closingTestServers();
const LIMIT = 5 * 1024 * 1024 + 1024 * 1024;

/**
 * An app with one form route of `handle`, whose action says whether it was told the body is too
 * large, and an upload route that refuses a body by its first bytes, as the studio's uploads do.
 */
function app(handle: RouteHandle, readAwayMs?: number) {
  const server = express();
  server.use(
    bodyLimits(
      () => handle.bodyLimit,
      () => handle.oversizedBody,
      () => handle.refusal && ((refused) => handle.refusal!({ ...refused, publicUrl: "http://localhost" })),
    ),
  );
  server.use(drainUnreadBodies(() => handle.bodyLimit, { readAwayMs }));
  server.post("/form", (_req, res) => {
    if (res.locals.bodyTooLarge) return void res.status(413).send("Image must be less than 5MB");
    res.send("read");
  });
  server.patch("/upload", (req, res) => {
    req.once("data", () => {
      req.pause();
      res.status(415).send("This file is not a video.");
    });
  });
  return server;
}

function multipart(bytes: number) {
  const form = new FormData();
  form.set("avatar", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "big.png");
  return form;
}

describe("body limits", () => {
  it("a form route answers an oversized body itself, in its form, and the connection stays usable", async () => {
    const base = await servers.start(app({ bodyLimit: LIMIT, oversizedBody: "form" }));
    const first = await fetch(`${base}/form`, {
      method: "POST",
      body: multipart(6 * 1024 * 1024 + 512 * 1024),
    });
    expect(first.status).toBe(413);
    expect(await first.text()).toBe("Image must be less than 5MB");
    const second = await fetch(`${base}/form`, { method: "POST", body: multipart(1000) });
    expect(await second.text()).toBe("read");
  });

  it("a route with its own refusal format gets the 413 in that format", async () => {
    const refusal: RouteHandle["refusal"] = ({ status, detail }) => ({
      contentType: "application/problem+json",
      body: JSON.stringify({ status, detail }),
    });
    const base = await servers.start(app({ bodyLimit: 1024, refusal }));
    const refused = await fetch(`${base}/form`, { method: "POST", body: "x".repeat(2048) });
    expect(refused.status).toBe(413);
    expect(refused.headers.get("content-type")).toContain("application/problem+json");
    expect(await refused.json()).toEqual({ status: 413, detail: tooLargeMessage(1024) });
  });

  it("a route that does not answer oversized bodies says what its limit is, never a bare status", async () => {
    const base = await servers.start(app({ bodyLimit: LIMIT }));
    const refused = await fetch(`${base}/form`, { method: "POST", body: multipart(7 * 1024 * 1024) });
    expect(refused.status).toBe(413);
    expect(await refused.text()).toBe(tooLargeMessage(LIMIT));
    expect(tooLargeMessage(LIMIT)).toBe("This request is too large: up to 6 MB can be sent here.");
  });

  it("a client still sending an oversized body gets the 413 after its last byte, on a connection that stays open", async () => {
    const base = new URL(await servers.start(app({ bodyLimit: 1024 })));
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const post = (parts: string[]) =>
      new Promise<{ status: number; body: string; answeredEarly: boolean }>((resolve, reject) => {
        let sent = false;
        let answeredEarly = false;
        const request = http.request(
          { host: base.hostname, port: base.port, path: "/form", method: "POST", agent },
          (response) => {
            answeredEarly = !sent;
            let body = "";
            response.on("data", (chunk) => (body += chunk));
            response.on("end", () => resolve({ status: response.statusCode ?? 0, body, answeredEarly }));
          },
        );
        request.setHeader("Content-Length", String(parts.join("").length));
        request.on("error", reject);
        (async () => {
          for (const [index, part] of parts.entries()) {
            if (index > 0) await new Promise((wait) => setTimeout(wait, 100));
            sent = index === parts.length - 1;
            request.write(part);
          }
          request.end();
        })();
      });
    const refused = await post(["x".repeat(2048), "x".repeat(2048), "x".repeat(2048)]);
    expect(refused).toEqual({ status: 413, body: tooLargeMessage(1024), answeredEarly: false });
    const next = await post(["small"]);
    expect(next).toEqual({ status: 200, body: "read", answeredEarly: false });
    agent.destroy();
  });

  it("past the read-away bound even a form route refuses at once, with its limit, before a byte is read", async () => {
    const base = new URL(await servers.start(app({ bodyLimit: LIMIT, oversizedBody: "form" })));
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        { host: base.hostname, port: base.port, path: "/form", method: "POST" },
        (response) => {
          let body = "";
          response.on("data", (chunk) => (body += chunk));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      request.setHeader("Content-Length", String(65 * 1024 * 1024));
      request.on("error", reject);
      request.flushHeaders();
    });
    expect(answer).toEqual({ status: 413, body: tooLargeMessage(LIMIT) });
  });

  it("an upload refused by its first bytes reaches its sender while the body still arrives, on a connection that stays", async () => {
    const base = new URL(await servers.start(app({ bodyLimit: "streamed" })));
    const socket = net.connect(Number(base.port), base.hostname);
    let received = "";
    socket.on("data", (chunk) => (received += chunk.toString("latin1")));
    const closed = new Promise((done) => socket.once("close", done));
    const write = (data: string | Buffer) =>
      new Promise<void>((written, failed) =>
        socket.write(data, (error) => (error ? failed(error) : written())),
      );
    const piece = Buffer.alloc(1024 * 1024, 7);
    const pieces = 48;
    await write(`PATCH /upload HTTP/1.1\r\nHost: x\r\nContent-Length: ${piece.length * pieces}\r\n\r\n`);
    for (let sent = 0; sent < pieces; sent++) await write(piece);
    for (let waited = 0; waited < 100 && !received.endsWith("video."); waited++)
      await new Promise((wait) => setTimeout(wait, 20));
    expect(received).toMatch(/^HTTP\/1\.1 415 [\s\S]*\r\n\r\nThis file is not a video\.$/);
    // Read away, not closed: the next request goes over the same connection.
    await write("POST /form HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nConnection: close\r\n\r\nsmall");
    await closed;
    expect(received).toMatch(/This file is not a video\.HTTP\/1\.1 200 [\s\S]*\r\n\r\nread$/);
  });

  it("a refused upload still arriving after the read-away time is cut off with its connection", async () => {
    const base = new URL(await servers.start(app({ bodyLimit: "streamed" }, 300)));
    const closed = await new Promise<{ status: number; closedAfterMs: number }>((resolve, reject) => {
      let status = 0;
      let answeredAt = 0;
      const request = http.request(
        { host: base.hostname, port: base.port, path: "/upload", method: "PATCH" },
        (response) => {
          status = response.statusCode ?? 0;
          answeredAt = performance.now();
          response.resume();
        },
      );
      request.setHeader("Content-Length", String(64 * 1024 * 1024));
      request.on("error", reject);
      request.on("close", () => resolve({ status, closedAfterMs: performance.now() - answeredAt }));
      // A first piece, then nothing more: a sender that stalled.
      request.write(Buffer.alloc(64 * 1024, 7));
    });
    expect(closed.status).toBe(415);
    expect(closed.closedAfterMs).toBeGreaterThanOrEqual(250);
    expect(closed.closedAfterMs).toBeLessThan(5_000);
  });
});
