/**
 * Server-rendered pages, two figures each: an anonymous visitor (served from the page cache) and a
 * signed-in one (a full render every time), both beside a bare Node http server answering a static
 * copy of the same HTML from its own process. Measured back to back in one run so the ratios hold on
 * a noisy machine; each figure also gives the CPU the serving process spent per request.
 * Targets: anonymous ≥ 40% of the bare server's requests per second; signed in ≥ 400 req/s on
 * /pricing and ≥ 250 req/s on the other pages, p99 ≤ 250 ms (50 connections).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DEMO_PASSWORD } from "../server/seed/demo-content";
import { measureWithCpu, report, startBenchServer, startReferenceServer } from "./lib";

const PAGES = ["/", "/videos", "/video/1", "/pricing"];
const TARGET_RATIO = 0.4;
const SIGNED_IN_TARGET: Record<string, number> = { "/pricing": 400 };
const SIGNED_IN_DEFAULT_TARGET = 250;
const SIGNED_IN_P99_MS = 250;
const BUYER = "buyer@verdeo.local";

/** Signs the demo buyer in through the log-in form; returns the Cookie header of the session. */
async function signIn(baseUrl: string) {
  const response = await fetch(`${baseUrl}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: baseUrl, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: BUYER, password: DEMO_PASSWORD }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  if (!cookie) throw new Error(`signing in as ${BUYER} failed (${response.status})`);
  return cookie;
}

export async function benchPages(duration = Number(process.env.BENCH_SECONDS ?? 5)) {
  const server = await startBenchServer();
  const work = mkdtempSync(path.join(tmpdir(), "verdeo-bench-pages-"));
  const rows = [];
  try {
    const cookie = await signIn(server.url);
    for (const page of PAGES) {
      const file = path.join(work, "page.html");
      writeFileSync(file, await (await fetch(`${server.url}${page}`)).text());
      const bare = await startReferenceServer("--html", file);
      try {
        const pid = server.child.pid!;
        const reference = await measureWithCpu(bare.pid, { url: `${bare.url}${page}`, duration });
        const anonymous = await measureWithCpu(pid, { url: `${server.url}${page}`, duration });
        const signedIn = await measureWithCpu(pid, {
          url: `${server.url}${page}`,
          duration,
          headers: { cookie },
        });
        const ratio = anonymous.requestsPerSecond / reference.requestsPerSecond;
        const signedInTarget = SIGNED_IN_TARGET[page] ?? SIGNED_IN_DEFAULT_TARGET;
        const errors = anonymous.non2xx + signedIn.non2xx;
        rows.push({
          page,
          "anonymous req/s": anonymous.requestsPerSecond,
          "anonymous p99 ms": anonymous.p99,
          "anonymous CPU ms/req": anonymous.cpuMsPerRequest,
          "bare req/s": reference.requestsPerSecond,
          "bare CPU ms/req": reference.cpuMsPerRequest,
          "anonymous ratio": Number(ratio.toFixed(3)),
          "signed-in req/s": signedIn.requestsPerSecond,
          "signed-in p50 ms": signedIn.p50,
          "signed-in p99 ms": signedIn.p99,
          "signed-in CPU ms/req": signedIn.cpuMsPerRequest,
          "non-2xx": errors,
          target: `anonymous ≥ ${TARGET_RATIO}; signed in ≥ ${signedInTarget} req/s, p99 ≤ ${SIGNED_IN_P99_MS} ms`,
          "anonymous met": ratio >= TARGET_RATIO && errors === 0,
          "signed-in met":
            signedIn.requestsPerSecond >= signedInTarget && signedIn.p99 <= SIGNED_IN_P99_MS && errors === 0,
        });
      } finally {
        await bare.stop();
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
    await server.stop();
  }
  return report(
    "pages",
    "Pages: anonymous (page cache) and signed-in (full render) vs a bare Node server in its own process (50 connections)",
    rows,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await benchPages();
