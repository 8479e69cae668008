import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { ENDPOINTS } from "~/api/endpoints/endpoints.server";
import { API_KEY_MESSAGES } from "~/api/keys/api-keys";
import { connectToServerDatabase } from "../support/commerce-http";
import { DEMO_BUYER, signInByCookie, signUp } from "./accounts-helpers";
import { baseURL, expectAccessible, newPage, PHONE, tabTo } from "./browser";
import { paidBuyerOrder } from "./paid-orders";

/** The printed command of the quick start's `pre` block that contains `marker`: its URL and body. */
async function printedRequest(page: Page, marker: string) {
  const command = await page.locator("pre", { hasText: marker }).first().textContent();
  const url = /"([^"]+)"/.exec(command ?? "")?.[1];
  const body = /-d '([^']*)'/.exec(command ?? "")?.[1];
  if (!url) throw new Error(`No URL in the quick start's command: ${command}`);
  return { url, body };
}

describe("the developer page and API keys", () => {
  it("/developers shows the quick start and renders every endpoint from the OpenAPI document", async () => {
    const page = await newPage();
    const outside: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(baseURL())) outside.push(request.url());
    });
    await page.goto("/developers");
    await page.getByRole("heading", { level: 1, name: "Verdeo API" }).waitFor();
    await page.getByRole("heading", { name: "Quick start" }).waitFor();
    expect(await page.locator("pre").first().textContent()).toContain("curl");
    await page.getByRole("heading", { name: "Attribution" }).waitFor();
    // The renderer draws each operation's summary once it has read the document. Only the first
    // group starts open (the page stays short): the others open from the reference's menu.
    const reference = page.getByTestId("api-reference");
    await reference.getByRole("button", { name: `Close Group - ${ENDPOINTS[0]!.tag}` }).waitFor();
    // All groups open made the page 25,000 px tall; with one it is about 9,300.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(12_000);
    for (const tag of new Set(ENDPOINTS.slice(1).map((endpoint) => endpoint.tag)))
      if (tag !== ENDPOINTS[0]!.tag)
        await reference.getByRole("button", { name: `Open Group - ${tag}` }).click();
    for (const endpoint of ENDPOINTS)
      await reference
        .getByText(endpoint.summary, { exact: true })
        .filter({ visible: true })
        .first()
        .waitFor();
    expect(outside).toEqual([]);
    // The introduction is the page's own, once: the reference does not repeat it under its title.
    expect(
      await page
        .getByText(/Search Verdeo's stock footage/)
        .filter({ visible: true })
        .count(),
    ).toBe(1);
    expect(
      await page.getByRole("heading", { name: "Verdeo API", exact: true }).filter({ visible: true }).count(),
    ).toBe(1);
    await expectAccessible(page);
    // The table of contents leads to each section, the reference included.
    const contents = page.getByRole("navigation", { name: "On this page" });
    await contents.getByRole("link", { name: "Reference" }).click();
    await page.waitForURL("**/developers#reference");
  });

  it("/developers and its reference are accessible in dark mode too", async () => {
    const page = await newPage({ colorScheme: "dark", viewport: PHONE });
    await page.goto("/developers");
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    // The reference has read the document once its menu lists the first operation (its title and
    // introduction, which this test waited for before, are the page's own now).
    await page
      .getByTestId("api-reference")
      .getByText(ENDPOINTS[0]!.summary, { exact: true })
      .first()
      .waitFor({ state: "attached" });
    await expectAccessible(page);
  });

  it("a signed-in buyer creates a key, copies it, uses it, and revokes it with the keyboard after confirming", async () => {
    const page = await newPage({ viewport: PHONE });
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL() });
    await signInByCookie(page, DEMO_BUYER.email, DEMO_BUYER.password);
    await page.goto("/");
    await page.getByTestId("user-menu").click();
    await page.getByRole("menuitem", { name: "API keys" }).click();
    await page.waitForURL("**/profile/api");
    await page.getByRole("heading", { level: 1, name: "API keys" }).waitFor();
    await page.getByLabel("Name").fill("Browser test app");
    await page.getByLabel(/^License:/).check();
    await page.getByRole("button", { name: "Create key" }).click();
    await page.getByText(API_KEY_MESSAGES.created).waitFor();
    const secret = await page.getByTestId("new-api-key").inputValue();
    expect(secret).toMatch(/^vrd_/);
    const row = page.getByTestId("api-key").filter({ hasText: "Browser test app" });
    expect(await row.textContent()).toContain(`${secret.slice(0, 12)}…`);
    expect(await row.textContent()).toContain("read, license");
    const copy = page.getByRole("button", { name: "Copy the new API key" });
    await tabTo(page, copy);
    await page.keyboard.press("Enter");
    await page.getByRole("status").filter({ hasText: "Copied" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await expectAccessible(page);

    const used = await page.request.get("/api/v1/licenses", {
      headers: { Authorization: `Bearer ${secret}` },
    });
    expect(used.status()).toBe(200);

    // The first step only asks; the key still works until the second.
    await tabTo(page, row.getByRole("link", { name: "Revoke Browser test app" }));
    await page.keyboard.press("Enter");
    const question = page.getByRole("heading", { name: "Revoke “Browser test app”?" });
    await question.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Revoke “Browser test app”?");
    await expectAccessible(page);
    const stillUsable = await page.request.get("/api/v1/licenses", {
      headers: { Authorization: `Bearer ${secret}` },
    });
    expect(stillUsable.status()).toBe(200);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Revoke key");
    await page.keyboard.press("Enter");
    await page.getByText(API_KEY_MESSAGES.revoked).waitFor();
    await row.getByText("Revoked").waitFor();
    const refused = await page.request.get("/api/v1/licenses", {
      headers: { Authorization: `Bearer ${secret}` },
    });
    expect(refused.status()).toBe(401);
  });

  it("without JavaScript, Revoke asks first and revokes only once confirmed; the new key needs no script to show", async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await signInByCookie(page, DEMO_BUYER.email, DEMO_BUYER.password);
    await page.goto("/profile/api");
    await page.getByLabel("Name").fill("No-script app");
    await page.getByRole("button", { name: "Create key" }).click();
    await page.getByText(API_KEY_MESSAGES.created).waitFor();
    expect(await page.getByTestId("new-api-key").inputValue()).toMatch(/^vrd_/);
    // Copying needs a script: without one there is no button that would do nothing.
    expect(await page.getByRole("button", { name: "Copy the new API key" }).count()).toBe(0);
    const row = page.getByTestId("api-key").filter({ hasText: "No-script app" });
    await row.getByRole("link", { name: "Revoke No-script app" }).click();
    await page.getByRole("heading", { name: "Revoke “No-script app”?" }).waitFor();
    expect(await row.getByText("Revoked").count()).toBe(0);
    await page.getByRole("button", { name: "Revoke key" }).click();
    await row.getByText("Revoked").waitFor();
  });

  it("the server's own refusals of an API request are problem documents, not plain text", async () => {
    const page = await newPage();
    const tooLarge = await page.request.post("/api/v1/collections", {
      headers: { "Content-Type": "application/json" },
      data: JSON.stringify({ name: "x".repeat(100 * 1024) }),
    });
    expect(tooLarge.status()).toBe(413);
    expect(tooLarge.headers()["content-type"]).toContain("application/problem+json");
    expect(await tooLarge.json()).toMatchObject({
      type: expect.stringMatching(/\/developers#problem-payload-too-large$/),
      status: 413,
      detail: expect.stringContaining("too large"),
      request_id: expect.any(String),
    });

    const crossSite = await page.request.post("/api/v1/collections", {
      headers: { "Content-Type": "application/json", Origin: "https://elsewhere.example" },
      data: JSON.stringify({ name: "Moodboard" }),
    });
    expect(crossSite.status()).toBe(403);
    expect(await crossSite.json()).toMatchObject({
      type: expect.stringMatching(/#problem-cross-site-write$/),
      status: 403,
    });

    // A page's refusal stays plain text: people read it.
    const pagePost = await page.request.post("/contact", {
      headers: { Origin: "https://elsewhere.example" },
      form: { message: "hi" },
    });
    expect(pagePost.status()).toBe(403);
    expect(pagePost.headers()["content-type"]).toContain("text/plain");
  });

  it("the quick start's commands work as printed: search, license without a variant, fetch the certificate with the key", async () => {
    const client = await connectToServerDatabase(inject("dataDir"));
    try {
      const buyer = await newPage();
      const account = await signUp(buyer);
      const staff = await newPage();
      await signInByCookie(staff, "dev@verdeo.local", "verdeo-demo");
      await paidBuyerOrder(staff, client, 1, account.email);

      await buyer.goto("/profile/api");
      await buyer.getByLabel("Name").fill("Quick start");
      await buyer.getByLabel(/^License:/).check();
      await buyer.getByRole("button", { name: "Create key" }).click();
      const key = await buyer.getByTestId("new-api-key").inputValue();
      const headers = { Authorization: `Bearer ${key}` };

      await buyer.goto("/developers");
      const search = await printedRequest(buyer, 'curl "');
      const found = await buyer.request.get(search.url, { headers });
      expect(found.status()).toBe(200);
      const clipId = (await found.json()).clips[0].id as number;
      // The first result may lack a Full HD file: the printed body names no variant, so it licenses anyway.
      const license = await printedRequest(buyer, "-X POST");
      const licensed = await buyer.request.post(license.url.replace("$CLIP_ID", String(clipId)), {
        headers: { ...headers, "Content-Type": "application/json" },
        data: license.body,
      });
      expect(licensed.status()).toBe(201);
      const { certificate_url: certificateUrl } = await licensed.json();
      expect((await printedRequest(buyer, "certificate.pdf")).url).toBe("$CERTIFICATE_URL");
      const certificate = await buyer.request.get(certificateUrl, { headers, maxRedirects: 0 });
      expect(certificate.status()).toBe(200);
      expect(certificate.headers()["content-type"]).toBe("application/pdf");
    } finally {
      await client.end();
    }
  });
});
