import { describe, expect, it } from "vitest";
import { THEME_STORAGE_KEY } from "~/constants";
import { HEADER_LINKS } from "~/layout/nav-links";
import english from "~/locales/en/common.json";
import { expectAccessible, expectAt, newPage, PHONE } from "./browser";

describe("page shell", () => {
  it("the header shows the five links, For Creators and a Log in button", async () => {
    const page = await newPage();
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const link of HEADER_LINKS) {
      expect(
        await nav.getByRole("link", { name: english[link.label], exact: true }).getAttribute("href"),
      ).toBe(link.to);
    }
    await page.getByRole("link", { name: "Log in" }).click();
    await page.waitForURL("**/login");
  });

  it("the footer has four columns, the legal links, a mailbox link and the copyright line", async () => {
    const page = await newPage();
    await page.goto("/");
    const footer = page.locator("footer");
    for (const heading of ["Product", "Company", "Legal", "Contact"]) {
      await footer.getByRole("heading", { name: heading }).waitFor();
    }
    expect(await footer.getByRole("link", { name: "Video Licensing" }).getAttribute("href")).toBe(
      "/licensing",
    );
    expect(await footer.getByRole("link", { name: "Contact Us" }).first().getAttribute("href")).toBe(
      "/contact",
    );
    expect(await footer.locator('a[href^="mailto:"]').count()).toBe(1);
    expect(await footer.textContent()).toContain(`© ${new Date().getUTCFullYear()}`);
  });

  it("the theme toggle switches to dark and the choice survives a reload without a flash", async () => {
    const page = await newPage();
    await page.goto("/");
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(false);
    await page.getByTestId("theme-toggle").click();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains("dark")))
      .toBe(true);
    expect(await page.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY)).toBe("dark");
    // The cookie mirror: a write to document.cookie reaches the browser's cookie store, which
    // page.request reads, a moment later (on a busy machine, after the next line once).
    await expect
      .poll(
        async () => (await page.context().cookies()).find(({ name }) => name === THEME_STORAGE_KEY)?.value,
      )
      .toBe("dark");
    // The server itself renders the class, so the HTML is dark before any script runs.
    const html = await (await page.request.get("/")).text();
    expect(html).toMatch(/<html[^>]*class="dark"/);
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
  });

  it("a first visit follows the system's dark preference from the first paint, live, until the person chooses", async () => {
    const page = await newPage({ colorScheme: "dark" });
    // The class <html> has when <body> starts: what the first paint shows.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.body) return;
        (window as unknown as { classAtBody: string }).classAtBody = document.documentElement.className;
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto("/");
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains("dark"));
    expect(await page.evaluate(() => (window as unknown as { classAtBody: string }).classAtBody)).toContain(
      "dark",
    );
    expect(await isDark()).toBe(true);
    // Nothing stored: the system's setting is not a choice.
    expect(await page.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY)).toBeNull();
    expect(await page.getByTestId("theme-toggle").getAttribute("aria-label")).toBeNull();
    await page.getByRole("button", { name: "Switch to light theme" }).waitFor();
    await page.emulateMedia({ colorScheme: "light" });
    await expect.poll(isDark, { timeout: 15_000 }).toBe(false);
    // Choosing dark sticks, whatever the system says afterwards and after a reload.
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect.poll(isDark, { timeout: 15_000 }).toBe(true);
    await page.emulateMedia({ colorScheme: "light" });
    await page.reload();
    expect(await isDark()).toBe(true);
    expect(await page.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY)).toBe("dark");
  });

  it("an unknown path shows the not-found page with HTTP 404", async () => {
    const page = await newPage();
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await page.getByText("This page doesn't exist (yet).").waitFor();
    expect(await page.getByRole("link", { name: "Go Home" }).getAttribute("href")).toBe("/");
    expect(await page.getByRole("link", { name: "Explore Videos" }).first().getAttribute("href")).toBe(
      "/search?q=Technology",
    );
  });

  it("the phone menu opens and lists the header links", async () => {
    const page = await newPage({ viewport: PHONE });
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.locator("#mobile-nav").getByRole("link", { name: "Pricing" }).click();
    await expectAt(page, "/pricing");
  });

  it("the shell has no serious accessibility violations in light and dark", async () => {
    for (const theme of ["light", "dark"] as const) {
      const page = await newPage();
      // The theme comes from localStorage, not from the system setting.
      await page.addInitScript((value) => localStorage.setItem("verdeo-theme", value), theme);
      await page.goto("/no/such/page");
      expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(
        theme === "dark",
      );
      await expectAccessible(page);
    }
  });
});
