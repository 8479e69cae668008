import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { handle as apiHandle } from "~/api/routes/api-v1";
import { INPUT_MESSAGES } from "~/platform/http/input-guard";
import { errorPage } from "./error-page";
import { inputGuard } from "./input-guard";
import { answerConnectThroughApp, METHOD_REFUSED_MESSAGE, refuseUnfetchableMethods } from "./methods";
import type { RefusalOf } from "./refusals";
import { describeRoute, type RouteInfo } from "./route-table";

/**
 * Requests the Fetch API cannot represent (TRACE, TRACK, CONNECT) and paths Express cannot decode,
 * through the same middleware, in the same order, as server/app.ts, with the API route's real
 * handle: each is a 4xx in its route's own format, never React Router's 500.
 */

const PUBLIC_URL = "http://localhost:3000";

/** The route table: a page and the API's resource route (its handle is the real one). */
const build = {
  routes: {
    root: { id: "root", path: "", module: {} },
    page: { id: "page", path: "contact", parentId: "root", module: {} },
    api: { id: "api", path: "api/v1/*", parentId: "root", module: { handle: apiHandle } },
  },
  entry: { module: {} },
  assets: { routes: {}, entry: { module: "", imports: [] }, url: "", version: "test" },
  future: {},
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
} as unknown as ServerBuild;

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function start() {
  const app = express();
  app.use(pinoHttp({ enabled: false }));
  app.use((req, res, next) => {
    res.locals.route = describeRoute(req.path, build);
    next();
  });
  const refusalOf: RefusalOf = (res) => {
    const own = (res.locals.route as RouteInfo).handle.refusal;
    return own && ((refused) => own({ ...refused, publicUrl: PUBLIC_URL }));
  };
  app.use(refuseUnfetchableMethods(refusalOf));
  app.use(inputGuard((_req, res) => (res.locals.route as RouteInfo).handle.checksOwnUrl === true));
  app.all("/{*splat}", createRequestHandler({ build, mode: "production" }));
  app.use(errorPage(refusalOf));
  server = http.createServer(app);
  server.on("connect", answerConnectThroughApp(app));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

/** A raw request (fetch refuses these methods too): status line, headers and body. */
function raw(port: number, method: string, target: string) {
  return new Promise<{ status: number; headers: string; body: string }>((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () =>
      socket.write(`${method} ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`),
    );
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      text += chunk;
    });
    socket.on("error", reject);
    socket.on("close", () => {
      const [head = "", body = ""] = text.split("\r\n\r\n");
      resolve({ status: Number(head.split(" ")[1] ?? 0), headers: head.toLowerCase(), body });
    });
    setTimeout(() => socket.destroy(), 5_000).unref();
  });
}

/** A chunked body read whole (the answers here are small). */
const unchunk = (body: string) =>
  /^[0-9a-f]+\r\n/i.test(body) ? body.replace(/^[0-9a-f]+\r\n/i, "").replace(/\r\n0\r\n[\s\S]*$/, "") : body;

function expectProblem(answer: { status: number; headers: string; body: string }, status: number) {
  expect(answer.status).toBe(status);
  expect(answer.headers).toContain("content-type: application/problem+json");
  const problem = JSON.parse(unchunk(answer.body));
  expect(problem).toMatchObject({ status, type: expect.stringMatching(/\/developers#problem-[a-z-]+$/) });
  return problem;
}

describe("methods the Fetch API refuses, and paths that do not decode", () => {
  it.each(["TRACE", "CONNECT"])("%s on an API route is a 405 problem document", async (method) => {
    const port = await start();
    const answer = await raw(port, method, "/api/v1/clips");
    const problem = expectProblem(answer, 405);
    expect(problem.detail).toBe(METHOD_REFUSED_MESSAGE(method));
    expect(answer.headers).toContain("allow: get, head, post");
  });

  it.each(["TRACE", "CONNECT"])("%s on a page is a 405 error page", async (method) => {
    const port = await start();
    const answer = await raw(port, method, "/contact");
    expect(answer.status).toBe(405);
    expect(answer.headers).toContain("content-type: text/html");
    expect(unchunk(answer.body)).toContain("<title>This request cannot be answered</title>");
  });

  it("an undecodable path on an API route is a 400 problem document, on a page a 400", async () => {
    const port = await start();
    const api = await raw(port, "GET", "/api/v1/clips/%ff");
    expect(expectProblem(api, 400).detail).toBe(INPUT_MESSAGES.badPath);
    const page = await raw(port, "GET", "/contact/%ff");
    expect(page.status).toBe(400);
    expect(unchunk(page.body)).toBe(INPUT_MESSAGES.badPath);
  });

  it("a CONNECT to an authority (a proxy request) is answered with a 4xx and the connection closes", async () => {
    const port = await start();
    const answer = await raw(port, "CONNECT", "example.com:443");
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
  });

  it("TRACK never reaches the app: Node's parser answers 400 itself", async () => {
    const port = await start();
    expect((await raw(port, "TRACK", "/api/v1/clips")).status).toBe(400);
  });
});
