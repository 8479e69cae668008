/**
 * What a visitor feels: each page loaded in Chromium with 4× CPU throttling on a slow-4G network.
 * Largest Contentful Paint, Cumulative Layout Shift, Total Blocking Time, JavaScript and total
 * bytes transferred (compressed). Median of several cold loads.
 */
import { launchChromium } from "../tests/support/chromium";
import { median, report, startBenchServer } from "./lib";

const PAGES = ["/", "/videos", "/video/1", "/pricing"];
const RUNS = Number(process.env.VITALS_RUNS ?? 3);
const TARGETS = { lcp: 2500, cls: 0.05, tbt: 200, jsKb: 140 };
/** Lighthouse's "slow 4G": 150 ms RTT, 1.6 Mbps down, 750 kbps up. */
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};

interface Vitals {
  lcp: number;
  cls: number;
  tbt: number;
  jsBytes: number;
  totalBytes: number;
}

async function loadOnce(browser: import("playwright-core").Browser, url: string): Promise<Vitals> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const types = new Map<string, string>();
  let jsBytes = 0;
  let totalBytes = 0;
  cdp.on("Network.responseReceived", (event) => types.set(event.requestId, event.type));
  cdp.on("Network.loadingFinished", (event) => {
    totalBytes += event.encodedDataLength;
    if (types.get(event.requestId) === "Script") jsBytes += event.encodedDataLength;
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __vitals: { lcp: number; cls: number; tbt: number } };
    w.__vitals = { lcp: 0, cls: 0, tbt: 0 };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__vitals.lcp = entry.startTime;
    }).observe({ type: "largest-contentful-paint", buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) w.__vitals.cls += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__vitals.tbt += Math.max(0, entry.duration - 50);
    }).observe({ type: "longtask", buffered: true });
  });
  await page.goto(url, { waitUntil: "load", timeout: 60_000 });
  // Let late work (hydration, lazy media decisions) settle before reading the figures.
  await page.waitForTimeout(3_000);
  const vitals = await page.evaluate(
    () => (window as unknown as { __vitals: { lcp: number; cls: number; tbt: number } }).__vitals,
  );
  await context.close();
  return { ...vitals, jsBytes, totalBytes };
}

export async function benchVitals(loads = RUNS) {
  const server = await startBenchServer();
  const browser = await launchChromium();
  const rows = [];
  try {
    for (const page of PAGES) {
      const runs: Vitals[] = [];
      for (let i = 0; i < loads; i++) runs.push(await loadOnce(browser, `${server.url}${page}`));
      const pick = (key: keyof Vitals) => median(runs.map((run) => run[key]));
      const lcp = pick("lcp");
      const cls = pick("cls");
      const tbt = pick("tbt");
      const jsKb = pick("jsBytes") / 1024;
      rows.push({
        page,
        "LCP ms": Math.round(lcp),
        CLS: Number(cls.toFixed(3)),
        "TBT ms": Math.round(tbt),
        "JS KB": Number(jsKb.toFixed(1)),
        "total KB": Number((pick("totalBytes") / 1024).toFixed(1)),
        met: lcp <= TARGETS.lcp && cls <= TARGETS.cls && tbt <= TARGETS.tbt && jsKb <= TARGETS.jsKb,
      });
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return report(
    "vitals",
    `Visitor experience, 4× CPU throttling, slow 4G, ${loads === 1 ? "one cold load" : `median of ${loads} cold loads`} (targets: LCP ≤ ${TARGETS.lcp / 1000} s, CLS ≤ ${TARGETS.cls}, TBT ≤ ${TARGETS.tbt} ms, JS ≤ ${TARGETS.jsKb} KB)`,
    rows,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await benchVitals();
