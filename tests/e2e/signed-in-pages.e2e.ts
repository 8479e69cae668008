import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { THEME_STORAGE_KEY } from "~/constants";
import { DEMO_BUYER, DEMO_PASSWORD, signInByCookie } from "./accounts-helpers";
import { baseURL, DESKTOP, expectAccessible, newPage, PHONE } from "./browser";
import { saveMenu } from "./save-menu";

/**
 * Issue 40, point 2 (docs/decisions/0029): a signed-in visitor's public page is the cached copy with
 * their own regions joined in. Their first request for a page renders whole; from the second on the
 * answer says `X-Page-Cache: joined`, and must show their own menu and marks before any script runs.
 */
const MAYA = { email: "maya@verdeo.local", name: "maya.films" };
const BUYER_NAME = DEMO_BUYER.username;

/** The session cookie of an account, as the sign-in endpoint sets it. */
async function sessionCookie(email: string) {
  const origin = baseURL();
  const response = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .find((pair) => pair?.includes("session_token="));
  if (!cookie) throw new Error(`sign-in of ${email} failed: ${response.status}`);
  return cookie;
}

/** The HTML as served, before any script: the account region, the data block's user, the Saved toggle. */
function personalParts(html: string) {
  const data = /<script type="application\/json" id="personal">([\s\S]*?)<\/script>/.exec(html)?.[1];
  return {
    account: /<div data-personal="account"[\s\S]*?<\/div>/.exec(html)?.[0] ?? "",
    dataUser: data ? (JSON.parse(data) as { user: { displayName: string } }).user.displayName : null,
    pressed: /data-save-item=""[^>]*aria-pressed="(true|false)"/.exec(html)?.[1] ?? null,
  };
}

/** Loads `pagePath` until it is answered as a join (the first signed-in load renders whole). */
async function gotoJoined(page: Page, pagePath: string) {
  await page.goto(pagePath);
  // A page is joined onto the anonymous copy: wait until that copy is kept (the first visit only
  // asked for it in the background, and a loaded machine may not have rendered it yet).
  await expect
    .poll(async () => (await fetch(`${baseURL()}${pagePath}`)).headers.get("x-page-cache"), {
      timeout: 15_000,
    })
    .toBe("hit");
  const response = await page.goto(pagePath);
  expect(response?.headers()["x-page-cache"]).toBe("joined");
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  return response!;
}

describe("signed-in public pages at the speed of cached ones", () => {
  it("with JavaScript off, the joined page already shows the visitor's own menu and saved mark", async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await signInByCookie(page);
    const response = await gotoJoined(page, "/video/2");
    const served = personalParts(await response.text());
    expect(served.account).toContain(BUYER_NAME);
    expect(served.account).not.toContain("Log in");
    // Signed in, Save is the menu (a form per place), not the link to sign in.
    expect(served.pressed).not.toBeNull();
    await expect.poll(() => page.getByRole("link", { name: "Log in" }).count()).toBe(0);
    expect(await page.locator("header").textContent()).toContain(BUYER_NAME);
  });

  it("with JavaScript on, the served HTML shows the menu and marks, hydration keeps them without a mismatch, and a save shows on the next load", async () => {
    const page = await newPage();
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || /hydrat/i.test(message.text())) problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await signInByCookie(page);
    const response = await gotoJoined(page, "/video/6");
    const served = personalParts(await response.text());
    expect(served.account).toContain(BUYER_NAME);
    const menu = saveMenu(page);
    const before = served.pressed === "true";
    expect(await menu.saved.getAttribute("aria-pressed")).toBe(String(before));
    await expect.poll(() => page.locator("header").textContent()).toContain(BUYER_NAME);
    expect(problems).toEqual([]);

    await menu.open();
    await menu.saved.click();
    await expect.poll(() => menu.saved.getAttribute("aria-pressed")).toBe(String(!before));
    await expect.poll(() => menu.saved.getAttribute("aria-busy")).toBe("false");
    // The save dropped the joined regions: the next load renders whole with the new mark, then joins it.
    const reloaded = await page.reload();
    expect(personalParts(await reloaded!.text()).pressed).toBe(String(!before));
    const joined = await page.reload();
    expect(joined?.headers()["x-page-cache"]).toBe("joined");
    expect(personalParts(await joined!.text()).pressed).toBe(String(!before));
    expect(await menu.saved.getAttribute("aria-pressed")).toBe(String(!before));
    expect(problems).toEqual([]);
  });

  it("never shows one visitor another's menu or marks: two users alternating on one page, 1,000 requests", async () => {
    const origin = baseURL();
    const users = [
      { cookie: await sessionCookie(DEMO_BUYER.email), name: BUYER_NAME, other: MAYA.name },
      { cookie: await sessionCookie(MAYA.email), name: MAYA.name, other: BUYER_NAME },
    ];
    // Their own marks, as a whole render gives them.
    const own = await Promise.all(
      users.map(async (user) => {
        const html = await (await fetch(`${origin}/video/1`, { headers: { cookie: user.cookie } })).text();
        return personalParts(html).pressed;
      }),
    );
    let joined = 0;
    for (let i = 0; i < 1_000; i++) {
      const who = i % 2;
      const user = users[who]!;
      const response = await fetch(`${origin}/video/1`, { headers: { cookie: user.cookie } });
      const html = await response.text();
      const parts = personalParts(html);
      expect(parts.account).toContain(user.name);
      expect(parts.account).not.toContain(user.other);
      expect(parts.dataUser).toBe(user.name);
      expect(parts.pressed).toBe(own[who]);
      if (response.headers.get("x-page-cache") === "joined") joined++;
    }
    expect(joined).toBeGreaterThan(900);
  });

  it("a joined page is accessible in light and dark, and pictured on desktop and phone", async () => {
    for (const theme of ["light", "dark"] as const) {
      const page = await newPage({ colorScheme: theme });
      await page.context().addCookies([{ name: THEME_STORAGE_KEY, value: theme, url: baseURL() }]);
      await signInByCookie(page);
      await gotoJoined(page, "/video/1");
      await expectAccessible(page);
    }
    const dir = process.env.SHOTS_DIR;
    if (!dir) return;
    for (const pagePath of ["/", "/videos", "/video/1", "/pricing"])
      for (const theme of ["light", "dark"] as const)
        for (const viewport of [DESKTOP, PHONE]) {
          const page = await newPage({ colorScheme: theme, viewport });
          await page.context().addCookies([{ name: THEME_STORAGE_KEY, value: theme, url: baseURL() }]);
          await signInByCookie(page);
          await gotoJoined(page, pagePath);
          const device = viewport.width < 600 ? "phone" : "desktop";
          const name = `${pagePath.replace(/[^a-z0-9]+/gi, "_") || "home"}-${device}-${theme}.png`;
          await page.screenshot({ path: path.join(dir, `signed-in${name}`), fullPage: true });
          await page.context().close();
        }
  });
});
