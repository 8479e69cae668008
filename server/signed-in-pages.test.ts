import type { RequestListener } from "node:http";
import express from "express";
import { beforeEach, describe, expect, it } from "vitest";
import { closingTestServers } from "../tests/support/test-servers";
import { publicPageCache } from "./page-cache";
import { sessionHash, signedInPages, splitSessionCookie } from "./signed-in-pages";

const servers = closingTestServers();

/** The sessions the fake app knows: cookie value -> user id. */
const SESSIONS: Record<string, string> = { "alice-token": "alice", "bob-token": "bob" };

const cookieOf = (token: string, theme = "light") =>
  `verdeo-theme=${theme}; better-auth.session_token=${token}`;

/** What the test's users have saved; a POST /save flips it. */
let saved: Record<string, boolean>;
let renders: number;
let listening: boolean;
let announced: string[][];

/** A public page with an account region, a save region and the JSON block, as the app renders them. */
function page(user: string | null) {
  const mark = user && saved[user] ? "Saved" : "Save";
  return (
    `<html><body><header><div data-personal="account" class="contents">${user ? `<span>${user}</span>` : '<a href="/login">Log in</a>'}</div></header>` +
    `<main><h1>Clip</h1><div data-personal="save" class="contents"><div><button>${mark}</button></div></div></main>` +
    `<div data-personal="data" hidden="">${user ? `<script type="application/json" id="personal">{"user":{"id":"${user}","theme":null},"clip":{"saved":${saved[user] === true}}}</script>` : ""}</div>` +
    "<script>hydrate()</script></body></html>"
  );
}

async function startApp(): Promise<{ url: string; pages: ReturnType<typeof signedInPages> }> {
  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = "n";
    next();
  });
  const pageCache = publicPageCache({
    ttlMs: 60_000,
    isPublicPage: (pathname) => pathname === "/page",
    policy: (sources) => `script-src 'self' ${sources.join(" ")}`,
  });
  const userOf = (cookie: string | undefined) => SESSIONS[splitSessionCookie(cookie)?.session ?? ""] ?? null;
  const pages = signedInPages({
    pageCache,
    changes: {
      get listening() {
        return listening;
      },
      announce: async (payloads) => void announced.push(payloads),
    },
    userOfSession: async (cookie) => userOf(cookie),
  });
  app.use(pages.announceWrites);
  app.use(pageCache.keep, pages.keep);
  app.get("/page", (req, res) => {
    renders++;
    if (req.headers.cookie?.includes("toast=")) res.setHeader("set-cookie", "toast=; Max-Age=0");
    res.type("html").send(page(userOf(req.headers.cookie)));
  });
  app.post("/save", (req, res) => {
    const user = userOf(req.headers.cookie);
    if (user) saved[user] = !saved[user];
    res.status(204).end();
  });
  const listener: RequestListener = (req, res) => {
    if (!pageCache.answer(req, res, {}) && !pages.answer(req, res, {})) app(req, res);
  };
  return { url: await servers.start(listener), pages };
}

async function visit(url: string, cookie?: string) {
  const response = await fetch(`${url}/page`, { headers: cookie ? { cookie } : {} });
  return {
    html: await response.text(),
    cache: response.headers.get("x-page-cache"),
    headers: response.headers,
  };
}

/** The anonymous copy exists, then the visitor's first page renders whole and is kept. */
async function warm(url: string, cookie: string) {
  await visit(url, "verdeo-theme=light");
  await visit(url, cookie);
}

beforeEach(() => {
  saved = { alice: true, bob: false };
  renders = 0;
  listening = true;
  announced = [];
});

describe("signed-in public pages", () => {
  it("answers a signed-in visitor's next request from the cached copy with their own regions: the same bytes their render gave, never kept by a shared cache", async () => {
    const { url } = await startApp();
    await warm(url, cookieOf("alice-token"));
    const before = renders;
    const joined = await visit(url, cookieOf("alice-token"));
    expect(joined.cache).toBe("joined");
    expect(renders).toBe(before);
    expect(joined.html).toBe(page("alice"));
    expect(joined.headers.get("cache-control")).toBe("private, no-store");
    expect(joined.headers.get("vary")).toContain("Cookie");
    // The copy's own script keeps its hash; the JSON block is not executable and needs none.
    expect(joined.headers.get("content-security-policy")).toMatch(/'sha256-/);
  });

  it("joins the page for a signed-in visitor who chose English with the switcher (the language cookie beside the session)", async () => {
    const { url } = await startApp();
    const cookie = `lang=en; ${cookieOf("alice-token")}`;
    await visit(url, "lang=en");
    await visit(url, cookie);
    const before = renders;
    const joined = await visit(url, cookie);
    expect(joined.cache).toBe("joined");
    expect(renders).toBe(before);
    expect(joined.html).toBe(page("alice"));
  });

  it("renders whole for a signed-in visitor whose language cookie sends them elsewhere than this English page", async () => {
    const { url } = await startApp();
    const cookie = `lang=de; ${cookieOf("alice-token")}`;
    await visit(url, cookie);
    const again = await visit(url, cookie);
    expect(again.cache).toBeNull();
  });

  it("sends a joined page compressed once its copies are made, decoding to the same bytes", async () => {
    const { url } = await startApp();
    await warm(url, cookieOf("alice-token"));
    await visit(url, cookieOf("alice-token"));
    const encodingOf = async (acceptEncoding: string) => {
      const response = await fetch(`${url}/page`, {
        headers: { cookie: cookieOf("alice-token"), "accept-encoding": acceptEncoding },
      });
      return { encoding: response.headers.get("content-encoding"), html: await response.text() };
    };
    await expect.poll(async () => (await encodingOf("br")).encoding).toBe("br");
    expect(await encodingOf("gzip")).toEqual({ encoding: "gzip", html: page("alice") });
    expect(await encodingOf("identity")).toEqual({ encoding: null, html: page("alice") });
  });

  it("never shows one visitor another's menu or marks, two users alternating for 1,000 requests", async () => {
    const { url } = await startApp();
    await warm(url, cookieOf("alice-token"));
    await warm(url, cookieOf("bob-token"));
    let joined = 0;
    for (let i = 0; i < 1_000; i++) {
      const user = i % 2 === 0 ? "alice" : "bob";
      const { html, cache } = await visit(url, cookieOf(`${user}-token`));
      expect(html).toBe(page(user));
      if (cache === "joined") joined++;
    }
    expect(joined).toBe(1_000);
  });

  it("shows the new mark on the very next page after the visitor saves, and tells every process", async () => {
    const { url } = await startApp();
    await warm(url, cookieOf("bob-token"));
    expect((await visit(url, cookieOf("bob-token"))).html).toContain("<button>Save</button>");
    await fetch(`${url}/save`, { method: "POST", headers: { cookie: cookieOf("bob-token") } });
    const after = await visit(url, cookieOf("bob-token"));
    expect(after.cache).toBeNull();
    expect(after.html).toContain("<button>Saved</button>");
    expect(announced).toEqual([[`s:${sessionHash("bob-token")}`, "u:bob"]]);
    expect((await visit(url, cookieOf("bob-token"))).cache).toBe("joined");
  });

  it("renders whole once another process announces a change to the person, by user or by session", async () => {
    const { url, pages } = await startApp();
    await warm(url, cookieOf("alice-token"));
    pages.changed("u:alice");
    expect((await visit(url, cookieOf("alice-token"))).cache).toBeNull();
    expect((await visit(url, cookieOf("alice-token"))).cache).toBe("joined");
    pages.changed(`s:${sessionHash("alice-token")}`);
    expect((await visit(url, cookieOf("alice-token"))).cache).toBeNull();
  });

  it("renders whole while the process is not listening for changes, or after it reconnected", async () => {
    const { url, pages } = await startApp();
    await warm(url, cookieOf("alice-token"));
    listening = false;
    expect((await visit(url, cookieOf("alice-token"))).cache).toBeNull();
    listening = true;
    pages.reset();
    expect((await visit(url, cookieOf("alice-token"))).cache).toBeNull();
  });

  it("renders whole for anything uncertain: another cookie (a toast), an unknown session, a dark copy never rendered for the visitor", async () => {
    const { url } = await startApp();
    await warm(url, cookieOf("alice-token"));
    expect((await visit(url, `${cookieOf("alice-token")}; toast=hello`)).cache).toBeNull();
    expect((await visit(url, cookieOf("mallory-token"))).cache).toBeNull();
    expect((await visit(url, cookieOf("mallory-token"))).html).toContain("Log in");
    expect((await visit(url, cookieOf("alice-token", "dark"))).cache).toBeNull();
  });

  it("reads the session cookie and only the theme and the language beside it", () => {
    expect(splitSessionCookie("verdeo-theme=dark; better-auth.session_token=abc.def")).toEqual({
      session: "abc.def",
      rest: "verdeo-theme=dark",
    });
    expect(splitSessionCookie("lang=de; better-auth.session_token=abc; verdeo-theme=light")).toEqual({
      session: "abc",
      rest: "lang=de; verdeo-theme=light",
    });
    expect(splitSessionCookie("better-auth.session_token=abc; other=1")).toBeNull();
    expect(splitSessionCookie("verdeo-theme=dark")).toBeNull();
  });
});
