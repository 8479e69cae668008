import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { OAuth2Server } from "oauth2-mock-server";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "~/accounts/messages";
import { type ServerProcess, startBuiltServer } from "../support/server-process";
import { expectAt, expectVisible, getBrowser, VISITOR_LOCALE, waitForHydrationOnNavigation } from "./browser";

/**
 * The whole Google/GitHub round trip over real HTTP: /login → provider (a local OpenID provider
 * that checks PKCE and echoes state) → /api/auth/callback → /auth/callback → /profile.
 */
let provider: OAuth2Server;
let app: ServerProcess;
let identity: Record<string, unknown> = {};
/** The provider's picture host: one PNG on loopback. */
let pictures: Server;
let pictureUrl = "";

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate("RS256");
  await provider.start(0, "127.0.0.1");
  provider.service.on("beforeTokenSigning", (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, identity);
  });
  app = await startBuiltServer({ OAUTH_MOCK_URL: provider.issuer.url!, SEED_ON_START: "false" });
  const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#2563eb" } })
    .png()
    .toBuffer();
  pictures = createServer((_request, response) =>
    response.writeHead(200, { "content-type": "image/png" }).end(png),
  );
  await new Promise<void>((resolve) => pictures.listen(0, "127.0.0.1", resolve));
  pictureUrl = `http://127.0.0.1:${(pictures.address() as AddressInfo).port}/river.png`;
});

afterAll(async () => {
  await app?.stop();
  await provider?.stop();
  pictures?.close();
});

async function pageOn(url: string) {
  const context = await (await getBrowser()).newContext({ baseURL: url, locale: VISITOR_LOCALE });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  waitForHydrationOnNavigation(page);
  return page;
}

describe("sign-in with Google and GitHub against a fake provider", () => {
  it("Google: the profile is created from the provider's name and picture, with the username derived from it", async () => {
    identity = {
      sub: "google-river-1",
      email: "river.stone@example.test",
      email_verified: true,
      name: "River Stone",
      picture: pictureUrl,
    };
    const page = await pageOn(app.url);
    await page.goto("/login");
    await page.getByRole("button", { name: "Log in with Google" }).click();
    await page.waitForURL("**/profile");
    expect(await page.getByTestId("profile-username").textContent()).toBe("@river_stone");
    expect(await page.getByTestId("profile-full-name").textContent()).toBe("River Stone");
    expect(await page.getByTestId("user-menu-name").textContent()).toBe("river_stone");
    // The picture was copied into our storage, and it loads.
    const avatar = page.getByTestId("profile-avatar");
    expect(await avatar.getAttribute("src")).toMatch(/^\/media\/avatars\/[^/]+\/\d+\.webp$/);
    await page.waitForFunction(
      () =>
        (document.querySelector('[data-testid="profile-avatar"]') as HTMLImageElement | null)
          ?.naturalWidth === 256,
    );
  });

  it("GitHub: the login becomes the username, and digits are appended when it is taken", async () => {
    identity = {
      sub: "github-42",
      email: "octo@example.test",
      email_verified: true,
      name: "Octo Cat",
      login: "River_Stone",
      avatar_url: "https://avatars.example.test/42",
    };
    const page = await pageOn(app.url);
    await page.goto("/signup");
    await page.getByRole("button", { name: "Sign up with GitHub" }).click();
    await page.waitForURL("**/profile");
    const username = (await page.getByTestId("profile-username").textContent()) ?? "";
    // "river_stone" belongs to the Google user of the previous test.
    expect(username).toMatch(/^@river_stone\d+$/);
    expect(await page.getByTestId("profile-full-name").textContent()).toBe("Octo Cat");
    // Its picture host cannot be reached: the generated avatar stands in.
    expect(await page.getByTestId("profile-avatar").getAttribute("src")).toMatch(/^data:image\/svg\+xml,/);
  });

  it("a second sign-in reuses the account and its profile", async () => {
    identity = {
      sub: "google-river-1",
      email: "river.stone@example.test",
      email_verified: true,
      name: "River Stone",
    };
    const page = await pageOn(app.url);
    await page.goto("/login");
    await page.getByRole("button", { name: "Log in with Google" }).click();
    await page.waitForURL("**/profile");
    expect(await page.getByTestId("profile-username").textContent()).toBe("@river_stone");
  });

  it("a failed callback shows the failure screen and returns to /login after 3 seconds", async () => {
    const page = await pageOn(app.url);
    await page.goto("/auth/callback?error=access_denied");
    await expectVisible(page.getByRole("heading", { name: MESSAGES.callbackFailed }));
    await expectVisible(page.getByText(MESSAGES.callbackRedirecting));
    await expectAt(page, "/login", { timeout: 6_000 });
  });

  it("without a session the callback screen fails instead of creating anything", async () => {
    const page = await pageOn(app.url);
    await page.goto("/auth/callback");
    await expectVisible(page.getByRole("heading", { name: MESSAGES.callbackFailed }));
  });
});
