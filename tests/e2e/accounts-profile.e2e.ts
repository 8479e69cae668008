import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "~/accounts/messages";
import { THEME_STORAGE_KEY } from "~/constants";
import { DEMO_BUYER, newAccount, signIn, signInByCookie, signUp } from "./accounts-helpers";
import { expectAccessible, expectAt, newPage } from "./browser";

const MAYA = { id: "demo-creator-maya", email: "maya@verdeo.local" };

/** A JPEG of random pixels: noise hardly compresses, so at this size and quality it is about 3 MB. */
function noiseJpeg() {
  const width = 1400;
  const height = 1100;
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95, chromaSubsampling: "4:4:4" })
    .toBuffer();
}

describe("profile", () => {
  it("the owner sees Uploads, Saved and Downloads with their empty states", async () => {
    const page = await newPage();
    await signUp(page, newAccount());
    const tabs = page.getByRole("tablist", { name: "Profile sections" });
    for (const name of ["Uploads", "Saved", "Downloads"]) await tabs.getByRole("tab", { name }).waitFor();
    // A plain user opens on Downloads; Uploads holds the become-a-creator prompt with the creators-hub link.
    await page.getByText("No downloads yet").waitFor();
    await tabs.getByRole("tab", { name: "Uploads" }).click();
    await page.getByText("Become a creator").waitFor();
    expect(await page.getByRole("link", { name: "Visit the Creators Hub" }).getAttribute("href")).toBe(
      "/creators-hub",
    );
    await tabs.getByRole("tab", { name: "Saved" }).click();
    await page.getByText("No saved videos yet").waitFor();
    await tabs.getByRole("tab", { name: "Downloads" }).click();
    await page.getByText("No downloads yet").waitFor();
    await expectAccessible(page);
  });

  it("a visitor sees a creator's uploads and badge, but no Saved, Downloads or edit button", async () => {
    const page = await newPage();
    await page.goto(`/profile/${MAYA.id}`);
    expect(await page.getByTestId("profile-username").textContent()).toBe("@maya.films");
    expect(await page.getByTestId("role-badge").first().getAttribute("data-tone")).toBe("blue");
    expect(await page.getByRole("tab").allTextContents()).toEqual(["Uploads"]);
    expect(await page.locator('a[href^="/video/"]').count()).toBeGreaterThan(0);
    expect(await page.getByRole("button", { name: "Edit Profile" }).count()).toBe(0);
  });

  it("a member follows a creator from the profile, the count follows, and it holds after a reload", async () => {
    const page = await newPage();
    await page.goto(`/profile/${MAYA.id}`);
    // A visitor's Follow leads to sign-in and back.
    expect(await page.getByRole("link", { name: "Follow" }).getAttribute("href")).toBe(
      `/login?redirectTo=${encodeURIComponent(`/profile/${MAYA.id}`)}`,
    );
    await signUp(page, newAccount());
    await page.goto(`/profile/${MAYA.id}`);
    const count = page.getByTestId("follower-count");
    const before = Number((await count.textContent())?.split(" ")[0]);
    await page.getByRole("button", { name: "Follow @maya.films" }).click();
    await page.getByRole("button", { name: "Following @maya.films: unfollow" }).waitFor();
    await expect
      .poll(() => count.textContent())
      .toBe(`${before + 1} ${before + 1 === 1 ? "follower" : "followers"}`);
    await expectAccessible(page);
    await page.reload();
    expect(await page.getByRole("button", { name: /^Following/ }).getAttribute("aria-pressed")).toBe("true");
    await page.getByRole("button", { name: /^Following/ }).click();
    await page.getByRole("button", { name: "Follow @maya.films" }).waitFor();
  });

  it("a 6 MB avatar is answered on the profile form with SPEC's message, without JavaScript too", async () => {
    for (const javaScriptEnabled of [false, true]) {
      const page = await newPage({ javaScriptEnabled });
      await signInByCookie(page);
      await page.goto("/profile");
      await page.getByRole("button", { name: "Edit Profile" }).click();
      await page.waitForURL(/[?&]edit/);
      const avatar = { name: "big.png", mimeType: "image/png", buffer: randomBytes(6 * 1024 * 1024) };
      await page.getByLabel("Avatar").setInputFiles(avatar);
      if (javaScriptEnabled) {
        // The page checks the size first; the server answers the same should the check be skipped.
        await page.getByTestId("toast").getByText(MESSAGES.avatarTooLarge).waitFor();
        continue;
      }
      const answer = page.waitForResponse((response) => response.request().method() === "POST");
      await page.getByRole("button", { name: "Save Changes" }).click();
      expect((await answer).status()).toBe(413);
      await page.getByTestId("profile-edit-message").getByText(MESSAGES.avatarTooLarge).waitFor();
      // The page around it is the profile, not a status page.
      expect(await page.getByTestId("profile-username").textContent()).toBe(`@${DEMO_BUYER.username}`);
    }
  });

  it("a 3 MB JPEG avatar (over the default 1 MB body limit) is saved, with JavaScript and without", async () => {
    const jpeg = await noiseJpeg();
    expect(jpeg.byteLength).toBeGreaterThan(2 * 1024 * 1024);
    expect(jpeg.byteLength).toBeLessThan(4 * 1024 * 1024);
    const account = await signUp(await newPage(), newAccount());
    const avatars: string[] = [];
    for (const javaScriptEnabled of [true, false]) {
      const page = await newPage({ javaScriptEnabled });
      await signInByCookie(page, account.email, account.password);
      await page.goto("/profile");
      await page.getByRole("button", { name: "Edit Profile" }).click();
      await page.waitForURL(/[?&]edit/);
      await page.getByLabel("Avatar").setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: jpeg });
      const answer = page.waitForResponse((response) => response.request().method() === "POST");
      await page.getByRole("button", { name: "Save Changes" }).click();
      // With JavaScript the form is submitted to the page's data URL, which must allow the same size.
      expect(new URL((await answer).url()).pathname).toBe(javaScriptEnabled ? "/profile.data" : "/profile");
      expect((await answer).status()).toBe(200);
      if (javaScriptEnabled) await page.getByTestId("toast").getByText(MESSAGES.profileUpdated).waitFor();
      else await page.getByTestId("profile-edit-message").getByText(MESSAGES.profileUpdated).waitFor();
      const src = (await page.getByTestId("profile-avatar").getAttribute("src")) ?? "";
      expect(src).toMatch(/^\/media\/avatars\/[^/]+\/\d+\.webp$/);
      avatars.push(src);
    }
    expect(new Set(avatars).size).toBe(2);
  });

  it("/profile without a session goes to /login", async () => {
    const page = await newPage();
    await page.goto("/profile");
    await expectAt(page, "/login");
  });

  it("edit and cancel restores the username; saving a new one shows the toast", async () => {
    const page = await newPage();
    const account = await signUp(page, newAccount());
    await page.getByRole("button", { name: "Edit Profile" }).click();
    const field = page.getByLabel("Username");
    await field.fill("someone_else_entirely");
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => page.getByTestId("profile-username").textContent()).toBe(`@${account.username}`);

    await page.getByRole("button", { name: "Edit Profile" }).click();
    await expect.poll(() => page.getByLabel("Username").inputValue()).toBe(account.username);
    await page.getByLabel("Username").fill(DEMO_BUYER.username);
    await page.getByText(MESSAGES.usernameTaken).waitFor();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByTestId("toast").getByText(MESSAGES.editUsernameUnavailable).waitFor();

    const renamed = `${account.username.slice(0, 20)}_new`;
    await page.getByLabel("Username").fill(renamed);
    await page.getByText(MESSAGES.usernameAvailable).waitFor();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByTestId("toast").getByText(MESSAGES.profileUpdated).waitFor();
    expect(await page.getByTestId("profile-username").textContent()).toBe(`@${renamed}`);
  });

  it("a new username saved before the check has answered is saved", async () => {
    const page = await newPage();
    const account = await signUp(page, newAccount());
    await page.getByRole("button", { name: "Edit Profile" }).click();
    const renamed = `${account.username.slice(0, 20)}_fast`;
    // Enter right after typing: the live check waits for typing to stop, so it has not answered yet.
    await page.getByLabel("Username").fill(renamed);
    await page.getByLabel("Username").press("Enter");
    await page.getByTestId("toast").getByText(MESSAGES.profileUpdated).waitFor();
    expect(await page.getByTestId("profile-username").textContent()).toBe(`@${renamed}`);
  });

  it("an avatar upload is re-encoded to WebP; a script renamed .png is refused", async () => {
    const page = await newPage();
    await signUp(page, newAccount());
    await page.getByRole("button", { name: "Edit Profile" }).click();
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#16a34a" } })
      .png()
      .toBuffer();
    await page.getByLabel("Avatar").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByTestId("toast").getByText(MESSAGES.profileUpdated).waitFor();
    const src = (await page.getByTestId("profile-avatar").getAttribute("src")) ?? "";
    expect(src).toMatch(/^\/media\/avatars\/[^/]+\/\d+\.webp$/);
    const stored = await page.request.get(src);
    const meta = await sharp(await stored.body()).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["webp", 256, 256, undefined]);

    await page.getByRole("button", { name: "Edit Profile" }).click();
    const script = Buffer.from(`<script>alert(1)</script>${randomBytes(64).toString("hex")}`);
    await page
      .getByLabel("Avatar")
      .setInputFiles({ name: "evil.png", mimeType: "image/png", buffer: script });
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByTestId("toast").getByText(MESSAGES.avatarNotImage).waitFor();
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.reload();
    expect(await page.getByTestId("profile-avatar").getAttribute("src")).toBe(src);
  });
});

describe("theme follows the account", () => {
  it("a toggle saved on one browser is applied on another at log-in", async () => {
    const first = await newPage();
    const account = await signUp(first, newAccount());
    const saved = first.waitForResponse((response) => response.url().includes("/resources/theme"));
    await first.getByTestId("theme-toggle").click();
    await expect
      .poll(() => first.evaluate(() => document.documentElement.classList.contains("dark")))
      .toBe(true);
    expect((await saved).ok()).toBe(true);

    const second = await newPage({ colorScheme: "light" });
    await second.goto("/");
    expect(await second.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(false);
    await signIn(second, account.email, account.password);
    // The URL changes a moment before React commits the signed-in render: wait for it, then check.
    await second.waitForFunction(() => document.documentElement.classList.contains("dark"));
    await second.waitForFunction((key) => localStorage.getItem(key) === "dark", THEME_STORAGE_KEY);
  });
});

describe("contact", () => {
  it("logged out: Login Required with a Log In button", async () => {
    const page = await newPage();
    await page.goto("/contact");
    await page.getByRole("heading", { name: "Login Required" }).waitFor();
    await page.getByText("You must be logged in to contact the team.").waitFor();
    expect(await page.getByRole("main").getByRole("link", { name: "Log In" }).getAttribute("href")).toBe(
      "/login",
    );
  });

  it("logged in: read-only username and email, trimming, toasts, fields cleared on success", async () => {
    const page = await newPage();
    await signIn(page);
    await page.goto("/contact");
    expect(await page.getByLabel("Username").inputValue()).toBe(DEMO_BUYER.username);
    expect(await page.getByLabel("Username").getAttribute("readonly")).not.toBeNull();
    expect(await page.getByLabel("Email").inputValue()).toBe(DEMO_BUYER.email);
    expect(await page.getByLabel("Subject").getAttribute("placeholder")).toBe("What's this about?");
    expect(await page.getByLabel("Message").getAttribute("rows")).toBe("6");

    await page.getByLabel("Subject").fill("   ");
    await page.getByLabel("Message").fill("   ");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByTestId("toast").getByText(MESSAGES.contactEmpty).waitFor();
    expect(await page.getByLabel("Subject").inputValue()).toBe("   ");

    await page.getByLabel("Subject").fill("  Licensing question  ");
    await page.getByLabel("Message").fill("Can I use a clip in a TV spot?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByTestId("toast").getByText(MESSAGES.contactSent).waitFor();
    expect(await page.getByLabel("Subject").inputValue()).toBe("");
    await expectAccessible(page);
  });
});
