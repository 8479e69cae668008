import { describe, expect, it } from "vitest";
import { THEME_STORAGE_KEY } from "~/constants";
import { UPLOAD_IN_STUDIO, WELCOME_HEADING } from "~/content/texts";
import { DEMO_BUYER, DEMO_PASSWORD, signInByCookie } from "./accounts-helpers";
import { expectAccessible, expectVisible, newPage, PHONE } from "./browser";

describe("about, creators hub and welcome", () => {
  it("the about page introduces Verdeo with buttons to the videos and the creators hub", async () => {
    const page = await newPage();
    await page.goto("/about");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Footage that moves your story forward.",
    );
    const main = page.locator("main");
    expect(await main.getByRole("link", { name: "Explore Videos" }).first().getAttribute("href")).toBe(
      "/videos",
    );
    await main.getByRole("link", { name: "Become a Creator" }).click();
    await page.waitForURL("**/creators-hub");
    await page.getByRole("heading", { name: UPLOAD_IN_STUDIO }).waitFor();
  });

  it("the creators hub explains what creators get and where uploads happen", async () => {
    const page = await newPage();
    await page.goto("/creators-hub");
    await page.getByRole("heading", { name: UPLOAD_IN_STUDIO }).waitFor();
    for (const heading of ["You keep the copyright", "Two clear licenses", "How your clips reach buyers"]) {
      await page.getByRole("heading", { name: heading }).waitFor();
    }
    expect(
      await page.locator("main").getByRole("link", { name: "How licensing works" }).getAttribute("href"),
    ).toBe("/licensing");
    // Only a logged-in creator is offered their profile.
    expect(await page.getByRole("link", { name: "Go to your creator profile" }).count()).toBe(0);
  });

  it("a logged-in creator is offered the studio on the creators hub; a buyer is not", async () => {
    const creator = await newPage();
    await signInByCookie(creator, "maya@verdeo.local", DEMO_PASSWORD);
    await creator.goto("/creators-hub");
    const studioLinks = creator.getByRole("link", { name: "Open the studio" });
    expect(await studioLinks.count()).toBeGreaterThan(0);
    for (const link of await studioLinks.all()) expect(await link.getAttribute("href")).toBe("/studio");
    await studioLinks.first().click();
    await creator.waitForURL("**/studio");
    await creator.context().close();

    const buyer = await newPage();
    await signInByCookie(buyer, DEMO_BUYER.email, DEMO_BUYER.password);
    await buyer.goto("/creators-hub");
    await buyer.getByRole("heading", { name: UPLOAD_IN_STUDIO }).waitFor();
    expect(await buyer.getByRole("link", { name: "Go to your creator profile" }).count()).toBe(0);
    expect(await buyer.getByRole("link", { name: "Open the studio" }).count()).toBe(0);
    await buyer.context().close();
  });

  it("the welcome page greets a signed-in user by name", async () => {
    const page = await newPage();
    await signInByCookie(page);
    await page.goto("/welcome");
    await expectVisible(page.getByText(`Hi ${DEMO_BUYER.username},`));
    await page.context().close();
  });

  it("the welcome page links to nature clips and to the account", async () => {
    const page = await newPage();
    await page.goto("/welcome");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(WELCOME_HEADING);
    expect(await page.getByRole("link", { name: "Explore Nature clips" }).getAttribute("href")).toBe(
      "/search?q=Nature",
    );
    expect(await page.getByRole("link", { name: "Set up your account" }).getAttribute("href")).toBe(
      "/account",
    );
  });

  it("about, creators hub and welcome have no serious accessibility violations in light and dark", async () => {
    for (const path of ["/about", "/creators-hub", "/welcome"]) {
      for (const theme of ["light", "dark"] as const) {
        for (const viewport of [undefined, PHONE]) {
          const page = await newPage(viewport ? { viewport } : {});
          await page.context().addInitScript(({ key, value }) => localStorage.setItem(key, value), {
            key: THEME_STORAGE_KEY,
            value: theme,
          });
          await page.goto(path);
          expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(
            theme === "dark",
          );
          await expectAccessible(page);
          await page.context().close();
        }
      }
    }
  });
});
