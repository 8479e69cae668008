/**
 * Home page figures in Chromium against the built server (`npm run build` first):
 *   1. JavaScript sent on first load, compressed bytes on the wire (target ≤ 150 KB);
 *   2. Cumulative Layout Shift while posters and previews load (target: none from the preview rows).
 *   npm run bench:home
 */
import { launchChromium } from "../tests/support/chromium";
import { startBenchServer } from "./lib";

const JS_BUDGET_BYTES = 150 * 1024;

async function main() {
  const server = await startBenchServer({ LOG_LEVEL: "warn" });
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[]) {
          if (!entry.hadRecentInput) w.__cls += entry.value;
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    const scripts: { url: string; bytes: number; encoding: string }[] = [];
    const pending: Promise<void>[] = [];
    let videoRequests = 0;
    page.on("request", (request) => {
      if (request.url().includes("/media/clips/")) videoRequests += 1;
    });
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script" && !response.url().endsWith(".js")) return;
      pending.push(
        response
          .request()
          .sizes()
          .then((sizes) => {
            scripts.push({
              url: new URL(response.url()).pathname,
              bytes: sizes.responseBodySize,
              encoding: response.headers()["content-encoding"] ?? "identity",
            });
          }),
      );
    });
    await page.goto(`${server.url}/`, { waitUntil: "networkidle" });
    await page.waitForTimeout(3_000);
    await Promise.all(pending);
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
    console.log("Home page, first load in Chromium (1280×800):\n");
    for (const script of scripts.sort((a, b) => b.bytes - a.bytes)) {
      console.log(
        `  ${(script.bytes / 1024).toFixed(1).padStart(7)} KB  ${script.encoding.padEnd(8)} ${script.url}`,
      );
    }
    console.log(
      `\nJavaScript on first load: ${(total / 1024).toFixed(1)} KB compressed (budget ${JS_BUDGET_BYTES / 1024} KB): ${total <= JS_BUDGET_BYTES ? "MET" : "NOT MET"}`,
    );
    console.log(
      `Cumulative Layout Shift after 3 s: ${cls.toFixed(4)} (target 0): ${cls === 0 ? "MET" : cls < 0.01 ? "negligible" : "NOT MET"}`,
    );
    console.log(
      `Video files requested at load: ${videoRequests} of 60 previews (posters first, videos only near the screen)`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
