import { describe, expect, it } from "vitest";
import { ROLE_BADGES } from "~/accounts/people/roles";
import { CLIP_NOT_FOUND, CLIP_NOT_FOUND_HEADING, SAVE_FAILED } from "~/catalog/clips/catalog-content";
import { downloadPath } from "~/catalog/clips/clip-id";
import { DEMO_CLIPS } from "../../server/seed/demo-content";
import { DEMO_BUYER, signInByCookie } from "./accounts-helpers";
import { expectAccessible, expectAt, newPage } from "./browser";
import { saveMenu } from "./save-menu";

describe("clip page", () => {
  it("plays the clip: poster (asked for first), controls and metadata preload", async () => {
    const page = await newPage();
    const response = await page.goto("/video/1");
    expect(response?.status()).toBe(200);
    // The largest paint: the served head preloads the poster at high priority, before any script.
    const head = (await response!.text()).split("</head>")[0];
    const preload = /<link rel="preload" href="([^"]+)" as="image" fetchPriority="high"\/>/.exec(head);
    expect(preload).not.toBeNull();
    expect(head.indexOf(preload![0])).toBeLessThan(head.indexOf("modulepreload"));
    await page.getByRole("heading", { name: "Wooden Boats at Golden Hour" }).waitFor();
    await page.getByText("Varnished wooden rowing boats rest on a lakeshore").waitFor();
    const video = page.locator("main video");
    // The pipeline's poster: a public rendition in the clip's own folder (a new one per original).
    const poster = await video.getAttribute("poster");
    expect(poster).toMatch(/^\/media\/clips\/1\/[\w-]+\/poster-640\.webp$/);
    expect(preload![1]).toBe(poster);
    const posterResponse = await page.request.get(poster ?? "");
    expect(posterResponse.status()).toBe(200);
    expect(posterResponse.headers()["content-type"]).toBe("image/webp");
    expect(await video.getAttribute("preload")).toBe("metadata");
    expect(await video.getAttribute("controls")).not.toBeNull();
    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      return element.play();
    });
    await page.waitForFunction(
      () => (document.querySelector("main video") as HTMLVideoElement).currentTime > 0.5,
    );
  });

  it("shows the creator card with name and badge, linking to the profile", async () => {
    const page = await newPage();
    await page.goto("/video/1");
    const card = page.locator('a[href="/profile/demo-creator-maya"]');
    await card.getByText("Maya Lindqvist").waitFor();
    const badge = card.locator(`[title="${ROLE_BADGES.creator.tooltip}"]`);
    expect(await badge.textContent()).toContain(ROLE_BADGES.creator.label);
  });

  it("Download sends a visitor to log in and then on to the download step, never to a coming-soon alert", async () => {
    const page = await newPage();
    let alerted = false;
    page.on("dialog", (dialog) => {
      alerted = true;
      void dialog.dismiss();
    });
    await page.goto("/video/2");
    await page.getByRole("link", { name: "Download" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe(downloadPath(2));
    expect(alerted).toBe(false);
    const visited: string[] = [];
    page.on("request", (request) => visited.push(new URL(request.url()).pathname.replace(/\.data$/, "")));
    await page.getByLabel("Email").fill(DEMO_BUYER.email);
    await page.getByLabel("Password", { exact: true }).fill(DEMO_BUYER.password);
    await page.getByRole("button", { name: "Log In", exact: true }).click();
    await page.waitForURL((url) => url.pathname !== "/login", { timeout: 30_000 });
    // The download step answers (a buyer without a plan is sent on from there to the plans).
    await expect.poll(() => visited, { timeout: 15_000 }).toContain(downloadPath(2));
  });

  it("Back returns to the previous page, or to /videos when opened on its own", async () => {
    const page = await newPage();
    await page.goto("/video/3");
    await page.getByRole("link", { name: "Back", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/videos");
    expect(new URL(page.url()).pathname).toBe("/videos");
    await page.goto("/videos?q=yacht");
    await page.getByRole("link", { name: "Wooden Boats at Golden Hour" }).click();
    await expectAt(page, "/video/1");
    await page.getByRole("link", { name: "Back", exact: true }).click();
    await expectAt(page, "/videos?q=yacht");
  });

  it("has a title, description, Open Graph video tags and a JSON-LD VideoObject", async () => {
    const page = await newPage();
    await page.goto("/video/1");
    expect(await page.title()).toContain("Wooden Boats at Golden Hour");
    expect(await page.locator('meta[property="og:video"]').getAttribute("content")).toMatch(
      /\/media\/clips\/1\/[\w-]+\/preview\.mp4$/,
    );
    expect(await page.locator('meta[property="og:video:type"]').getAttribute("content")).toBe("video/mp4");
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toContain(
      "wooden rowing boats",
    );
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(ld).toMatchObject({
      "@type": "VideoObject",
      name: "Wooden Boats at Golden Hour",
      duration: `PT${DEMO_CLIPS[0]!.durationSeconds}S`,
    });
  });

  it.each(["/video/999999", "/video/abc", "/video/1e3", "/video/-1", "/video/99999999999999"])(
    "an unknown or malformed id shows Clip not found with HTTP 404: %s",
    async (path) => {
      const page = await newPage();
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await page.getByText(CLIP_NOT_FOUND).waitFor();
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(CLIP_NOT_FOUND_HEADING);
    },
  );

  it("has no serious accessibility violations", async () => {
    const page = await newPage();
    await page.goto("/video/4");
    await expectAccessible(page);
  });

  it("the sitemap lists the public pages and every clip; robots.txt points to it", async () => {
    const page = await newPage();
    const index = await page.request.get("/sitemap.xml");
    expect(index.headers()["content-type"]).toContain("application/xml");
    // An index of sitemap files: every file it names loads, and together they list the pages.
    const files = [...(await index.text()).matchAll(/<sitemap><loc>([^<]+)<\/loc><\/sitemap>/g)].map(
      (match) => new URL(match[1]!).pathname,
    );
    expect(files).toContain("/sitemaps/pages.xml");
    let xml = "";
    for (const file of files) {
      const sitemap = await page.request.get(file);
      expect(sitemap.status()).toBe(200);
      xml += await sitemap.text();
    }
    expect(xml).toContain("/video/1</loc>");
    expect(xml).toContain("/video/206</loc>");
    expect(xml).toContain("/licensing</loc>");
    const robots = await (await page.request.get("/robots.txt")).text();
    expect(robots).toContain("Sitemap: ");
  });
});

describe("save for later", () => {
  it("logged out, Save goes to log in, which returns to the clip saved; unsave and save survive a reload", async () => {
    const page = await newPage();
    await page.goto("/video/5");
    await page.getByRole("link", { name: "Save for Later" }).click();
    await page.waitForURL("**/login?redirectTo=%2Fvideo%2F5%3Fsave%3D1");
    await page.getByLabel("Email").fill("buyer@verdeo.local");
    await page.getByLabel("Password", { exact: true }).fill("verdeo-demo");
    await page.getByRole("button", { name: "Log In", exact: true }).click();
    await page.waitForURL("**/video/5?save=1");

    // The save the visitor asked for happens on arrival.
    const menu = saveMenu(page);
    await expect.poll(() => menu.saved.getAttribute("aria-pressed")).toBe("true");
    await page.waitForFunction(() => document.querySelector("[aria-busy=true]") === null);
    await page.goto("/video/5");
    expect(await menu.saved.getAttribute("aria-pressed")).toBe("true");
    await menu.open();
    await menu.saved.click();
    await expect.poll(() => menu.saved.getAttribute("aria-pressed")).toBe("false");
    await page.waitForFunction(() => document.querySelector("[aria-busy=true]") === null);
    await page.reload();
    expect(await menu.saved.getAttribute("aria-pressed")).toBe("false");
    await menu.open();
    await menu.saved.click();
    await page.waitForFunction(() => document.querySelector("[aria-busy=true]") === null);
    await page.reload();
    expect(await menu.saved.getAttribute("aria-pressed")).toBe("true");
  });

  it("a failed save flips back and says so", async () => {
    const page = await newPage();
    await signInByCookie(page);
    await page.goto("/video/6");
    await page.route("**/resources/save", (route) => route.fulfill({ status: 500, body: "" }));
    const menu = saveMenu(page);
    await menu.open();
    await menu.saved.click();
    const toast = page.getByTestId("toast");
    await toast.waitFor();
    expect(await toast.textContent()).toContain(SAVE_FAILED);
    expect(await toast.getAttribute("data-type")).toBe("error");
    expect(await menu.saved.getAttribute("aria-pressed")).toBe("false");
  });
});
