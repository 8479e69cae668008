import { describe, expect, it } from "vitest";
import { DEMO_BUYER } from "./accounts-helpers";
import { newPage } from "./browser";

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
    const button = page.getByRole("button", { name: /Saved|Save for Later/ });
    await expect.poll(() => button.getAttribute("aria-pressed")).toBe("true");
    // The save request has finished (a reload before would cancel it).
    await expect.poll(() => button.getAttribute("aria-busy")).toBe("false");
    // Saved on the server too: a fresh load still says so.
    await page.reload();
    await expect
      .poll(() => page.getByRole("button", { name: "Saved" }).getAttribute("aria-pressed"))
      .toBe("true");
  });

  it("a collection is created from a clip, shared by link and opened read-only by a visitor", async () => {
    const page = await newPage();
    await page.goto("/login?redirectTo=%2Fvideo%2F2");
    await logInFromHere(page);
    await page.waitForURL((url) => url.pathname === "/video/2");
    const name = `Pitch ${Date.now().toString(36)}`;
    const form = page.getByRole("form", { name: "Save to a collection" });
    if (await form.getByLabel("Save to a new collection").count()) {
      await form.getByLabel("Save to a new collection").fill(name);
      await form.getByRole("button", { name: "Add" }).click();
      await page.waitForURL("**/video/2?collected=1");
      await page.goto("/collections");
      await page.getByRole("link", { name: new RegExp(name) }).click();
    } else {
      await page.goto("/collections");
      await page.getByLabel("New collection").fill(name);
      await page.getByRole("button", { name: "Create" }).click();
    }
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
