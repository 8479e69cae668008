import type { ServerResponse } from "node:http";
import express from "express";
import { describe, expect, it } from "vitest";
import { closingTestServers } from "../tests/support/test-servers";
import { type RenderQueueOptions, renderQueue } from "./render-queue";

const servers = closingTestServers();

/**
 * An app whose pages are held open until the test lets them go: `started` lists the pages in the
 * order they began, `held` their responses by path.
 */
async function queuedApp(options: RenderQueueOptions) {
  const started: string[] = [];
  const held = new Map<string, ServerResponse>();
  const app = express();
  app.use(renderQueue(options));
  app.all("/{*page}", (req, res) => {
    started.push(`${req.method} ${req.path}`);
    held.set(req.path, res);
  });
  const base = await servers.start(app);
  const ask = (path: string, init?: RequestInit) =>
    fetch(`${base}${path}`, init).then(
      (response) => response.text(),
      () => "left",
    );
  return { started, held, ask };
}

const until = async (check: () => boolean) => {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("render queue", () => {
  it("runs two pages at once and starts the others in the order they came as places free up", async () => {
    const { started, held, ask } = await queuedApp({ running: 2, placeMs: 60_000 });
    const answers = ["/a", "/b", "/c", "/d"].map((path) => ask(path));
    await until(() => started.length === 2);
    await settle();
    expect(started).toEqual(["GET /a", "GET /b"]);

    held.get("/b")!.end("b");
    await until(() => started.length === 3);
    held.get("/a")!.end("a");
    await until(() => started.length === 4);
    expect(started).toEqual(["GET /a", "GET /b", "GET /c", "GET /d"]);
    held.get("/c")!.end("c");
    held.get("/d")!.end("d");
    expect(await Promise.all(answers)).toEqual(["a", "b", "c", "d"]);
  });

  it("gives a page's place on as soon as its response starts, while the rest of it still streams", async () => {
    const { started, held, ask } = await queuedApp({ running: 1, placeMs: 60_000 });
    const first = ask("/first");
    const second = ask("/second");
    await until(() => started.length === 1);
    held.get("/first")!.write("the shell");
    await until(() => started.length === 2);
    held.get("/first")!.end(", then the rest");
    held.get("/second")!.end("second");
    expect(await first).toBe("the shell, then the rest");
    expect(await second).toBe("second");
  });

  it("lets a page waiting on something slow keep its place no longer than placeMs", async () => {
    const { started, held, ask } = await queuedApp({ running: 1, placeMs: 30 });
    const slow = ask("/slow");
    await until(() => started.length === 1);
    const next = ask("/next");
    await until(() => started.length === 2);
    held.get("/next")!.end("next");
    expect(await next).toBe("next");
    held.get("/slow")!.end("slow");
    expect(await slow).toBe("slow");
  });

  it("never holds up a form post or an upload", async () => {
    const { started, held, ask } = await queuedApp({ running: 1, placeMs: 60_000 });
    void ask("/page");
    await until(() => started.length === 1);
    void ask("/upload", { method: "POST", body: "bytes" });
    await until(() => started.length === 2);
    expect(started).toEqual(["GET /page", "POST /upload"]);
    held.get("/upload")!.end();
    held.get("/page")!.end();
  });

  it("passes a place on when the visitor waiting for it has left, and keeps counting right after", async () => {
    const { started, held, ask } = await queuedApp({ running: 1, placeMs: 60_000 });
    void ask("/first");
    await until(() => started.length === 1);
    const leaving = new AbortController();
    const left = ask("/left", { signal: leaving.signal });
    await settle();
    leaving.abort();
    expect(await left).toBe("left");
    const after = ask("/after");
    await settle();
    held.get("/first")!.end();
    await until(() => started.length === 2);
    expect(started).toEqual(["GET /first", "GET /after"]);
    held.get("/after")!.end("after");
    expect(await after).toBe("after");

    // The one place is free again: two more pages run one after the other.
    const again = [ask("/x"), ask("/y")];
    await until(() => started.length === 3);
    held.get("/x")!.end("x");
    await until(() => started.length === 4);
    held.get("/y")!.end("y");
    expect(await Promise.all(again)).toEqual(["x", "y"]);
  });
});
