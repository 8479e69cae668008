import path from "node:path";
import type { ViewportSize } from "playwright-core";
import { THEME_STORAGE_KEY } from "~/constants";
import { signInByCookie } from "./accounts-helpers";
import { baseURL, DESKTOP, getBrowser, VISITOR_LOCALE } from "./browser";

/**
 * A screenshot of `pagePath` in a theme and viewport, into SHOTS_DIR when it is set (the pictures a
 * person looks at after a change); nothing otherwise.
 */
export async function screenshotIn(
  pagePath: string,
  theme: "light" | "dark",
  viewport: ViewportSize = DESKTOP,
  account?: { email: string; password: string },
) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const context = await (await getBrowser()).newContext({
    baseURL: baseURL(),
    viewport,
    colorScheme: theme,
    locale: VISITOR_LOCALE,
  });
  await context.addCookies([{ name: THEME_STORAGE_KEY, value: theme, url: baseURL() }]);
  await context.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
    key: THEME_STORAGE_KEY,
    value: theme,
  });
  const page = await context.newPage();
  if (account) await signInByCookie(page, account.email, account.password);
  await page.goto(pagePath, { waitUntil: "networkidle" });
  const device = viewport.width < 600 ? "phone" : "desktop";
  const name = `${pagePath.replace(/[^a-z0-9]+/gi, "_") || "home"}-${device}-${theme}.png`;
  await page.screenshot({ path: path.join(dir, name), fullPage: true });
  await context.close();
}
