import { describe, expect, it } from "vitest";
import { DEMO_BUYER, signInByCookie } from "./accounts-helpers";
import { expectAccessible, newPage } from "./browser";
import { saveMenu } from "./save-menu";

async function logInFromHere(page: Awaited<ReturnType<typeof newPage>>) {
  await page.getByLabel("Email").fill(DEMO_BUYER.email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_BUYER.password);
  await page.getByRole("button", { name: "Log In", exact: true }).click();
}

describe("collections and saving", () => {
  it("a visitor who presses Save signs in and comes back to the clip, saved", async () => {
    const page = await newPage();
    await page.goto("/video/3");
    await page.getByRole("link", { name: "Save for Later" }).click();
    await page.waitForURL("**/login?redirectTo=*");
    await logInFromHere(page);
    await page.waitForURL((url) => url.pathname === "/video/3");
    const menu = saveMenu(page);
    await expect.poll(() => menu.saved.getAttribute("aria-pressed")).toBe("true");
    // The save request has finished (a reload before would cancel it).
    await expect.poll(() => menu.saved.getAttribute("aria-busy")).toBe("false");
    // Saved on the server too: a fresh load still says so, on the menu's button as well.
    await page.reload();
    expect(await menu.saved.getAttribute("aria-pressed")).toBe("true");
    expect(await menu.button.textContent()).toContain("Saved");
  });

  it("by keyboard, Save opens its menu, saves the clip into a new collection, and the collection shows it", async () => {
    const page = await newPage();
    await signInByCookie(page);
    await page.goto("/video/4");
    const title = await page.getByRole("heading", { level: 1 }).textContent();
    const menu = saveMenu(page);
    const focused = (locator: typeof menu.saved) =>
      locator.evaluate((node) => node === document.activeElement);

    // Enter opens it and puts focus on the first place, the Saved list; Escape closes and goes back.
    await menu.button.focus();
    await page.keyboard.press("Enter");
    await expect.poll(menu.isOpen).toBe(true);
    await expect.poll(() => focused(menu.saved)).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(menu.isOpen).toBe(false);
    expect(await focused(menu.button)).toBe(true);

    // Space opens it too; the arrows move (End is the last control, up from there the name field).
    await page.keyboard.press(" ");
    await expect.poll(menu.isOpen).toBe(true);
    await expect.poll(() => focused(menu.saved)).toBe(true);
    await page.keyboard.press("End");
    expect(await focused(menu.menu.getByRole("link", { name: "Your collections" }))).toBe(true);
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    const nameField = menu.newCollection.getByLabel("New collection");
    expect(await focused(nameField)).toBe(true);
    const name = `Keys ${Date.now().toString(36)}`;
    await page.keyboard.type(name);
    await page.keyboard.press("Enter");

    // The new collection is listed, holding the clip; the page stayed where it was, menu open.
    const place = menu.collection(name);
    await expect.poll(() => place.getAttribute("aria-pressed"), { timeout: 15_000 }).toBe("true");
    expect(await menu.isOpen()).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/video/4");
    await menu.menu.getByRole("status").getByText(name).waitFor();
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    expect(await focused(menu.button)).toBe(true);

    await page.goto("/collections");
    await page.getByRole("link", { name: new RegExp(name) }).click();
    await page.getByRole("heading", { name }).waitFor();
    await page
      .getByRole("main")
      .getByRole("link", { name: title ?? "" })
      .waitFor();
  });

  it("the menu takes the clip out of a collection again, and Back still leaves the clip page", async () => {
    const page = await newPage();
    await signInByCookie(page);
    await page.goto("/videos");
    await page.goto("/video/7");
    const menu = saveMenu(page);
    await menu.open();
    const name = `Out ${Date.now().toString(36)}`;
    await menu.newCollection.getByLabel("New collection").fill(name);
    await menu.newCollection.getByRole("button", { name: "Create" }).click();
    const place = menu.collection(name);
    await expect.poll(() => place.getAttribute("aria-pressed"), { timeout: 15_000 }).toBe("true");
    await place.click();
    await expect.poll(() => place.getAttribute("aria-pressed")).toBe("false");
    await page.waitForFunction(() => document.querySelector("[aria-busy=true]") === null);
    await page.reload();
    expect(await place.getAttribute("aria-pressed")).toBe("false");
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/videos");
  });

  it("a collection is created from a clip, shared by link and opened read-only by a visitor", async () => {
    const page = await newPage();
    await page.goto("/login?redirectTo=%2Fvideo%2F2");
    await logInFromHere(page);
    await page.waitForURL((url) => url.pathname === "/video/2");
    const name = `Pitch ${Date.now().toString(36)}`;
    const menu = saveMenu(page);
    await menu.open();
    await menu.newCollection.getByLabel("New collection").fill(name);
    await menu.newCollection.getByRole("button", { name: "Create" }).click();
    await expect.poll(() => menu.collection(name).getAttribute("aria-pressed")).toBe("true");
    await page.goto("/collections");
    await page.getByRole("link", { name: new RegExp(name) }).click();
    await page.waitForURL("**/collections/*");
    await page.getByRole("heading", { name }).waitFor();
    await page.getByLabel("Who can see it").selectOption("link");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Anyone with the link").first().waitFor();
    const link = page.url();

    const visitor = await newPage();
    await visitor.goto(link);
    await visitor.getByRole("heading", { name }).waitFor();
    expect(await visitor.getByRole("region", { name: "Manage collection" }).count()).toBe(0);
    expect(await visitor.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");

    await page.getByLabel("Who can see it").selectOption("private");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.waitForURL((url) => url.href !== link);
    await page.getByText(/· Private/).waitFor();
    const response = await visitor.goto(link);
    expect(response?.status()).toBe(404);
  });
});
