/**
 * Screenshots of pages in light and dark, desktop and phone widths:
 *   npx tsx scripts/screenshot.ts http://localhost:3000 /tmp/shots / /videos /pricing
 * As a demo member (signed in through the auth API with the demo password):
 *   SIGN_IN=maya@verdeo.local npx tsx scripts/screenshot.ts http://localhost:3000 /tmp/shots /studio
 * With something opened first (a menu, a dialog), CLICK names what to click (a Playwright selector):
 *   SIGN_IN=buyer@verdeo.local CLICK='[data-testid=save-menu] summary' npx tsx scripts/screenshot.ts … /video/1
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { BrowserContext } from "playwright-core";
import { DEMO_PASSWORD } from "../server/seed/demo-content";
import { launchChromium } from "../tests/support/chromium";

const [baseURL = "http://localhost:3000", outDir = "/tmp/shots", ...paths] = process.argv.slice(2);
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

async function signIn(context: BrowserContext, email: string) {
  const response = await context.request.post(`${baseURL}/api/auth/sign-in/email`, {
    headers: { Origin: baseURL },
    data: { email, password: DEMO_PASSWORD },
  });
  if (!response.ok()) throw new Error(`sign-in of ${email} failed: ${response.status()}`);
}

mkdirSync(outDir, { recursive: true });
const browser = await launchChromium();
for (const pagePath of paths.length ? paths : ["/"]) {
  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    for (const theme of ["light", "dark"] as const) {
      const context = await browser.newContext({ baseURL, viewport, colorScheme: theme });
      await context.addCookies([{ name: "verdeo-theme", value: theme, url: baseURL }]);
      await context.addInitScript((value) => localStorage.setItem("verdeo-theme", value), theme);
      if (process.env.SIGN_IN) await signIn(context, process.env.SIGN_IN);
      const page = await context.newPage();
      await page.goto(pagePath, { waitUntil: "networkidle" });
      if (process.env.CLICK) {
        await page.locator(process.env.CLICK).first().click();
        await page.waitForTimeout(300);
      }
      const name = `${pagePath.replace(/[^a-z0-9]+/gi, "_") || "home"}-${device}-${theme}.png`;
      await page.screenshot({ path: path.join(outDir, name), fullPage: process.env.FULL_PAGE === "1" });
      console.log(path.join(outDir, name));
      await context.close();
    }
  }
}
await browser.close();
