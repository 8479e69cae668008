import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { MESSAGES } from "~/accounts/messages";
import { DEMO_BUYER, fillSignUp, newAccount, signIn, signUp } from "./accounts-helpers";
import { expectAccessible, expectAt, expectVisible, newPage, PHONE } from "./browser";

describe("sign-up", () => {
  it("shows each validation message of the spec", async () => {
    const page = await newPage();
    await page.goto("/signup");
    const submit = () => page.getByRole("button", { name: "Create Account", exact: true }).click();

    await submit();
    await page.getByText(MESSAGES.namesRequired).waitFor();

    await fillSignUp(page, { firstName: "A", lastName: "Lovelace" });
    await submit();
    await page.getByText(`First name: ${MESSAGES.nameTooShort}`).waitFor();

    await fillSignUp(page, { firstName: "Ada", lastName: "Love lace" });
    await submit();
    await page.getByText(`Last name: ${MESSAGES.nameCharacters}`).waitFor();

    const usernameCases: [string, string][] = [
      ["abc", MESSAGES.usernameTooShort],
      ["a".repeat(30), MESSAGES.usernameTooLong],
      ["bad name!", MESSAGES.usernameCharacters],
      ["f.u.c.k.you", MESSAGES.usernameProfane],
      ["sh1tstorm", MESSAGES.usernameProfane],
    ];
    for (const [value, message] of usernameCases) {
      await fillSignUp(page, { username: value });
      await page.getByText(message).waitFor();
    }
    await fillSignUp(page, { lastName: "Lovelace", username: "", email: "not-an-email", password: "12345" });
    await submit();
    await page.getByText(MESSAGES.usernameRequired).waitFor();
    await page.getByText(MESSAGES.emailInvalid).waitFor();
    await page.getByText(MESSAGES.passwordTooShort).waitFor();
    await expectAccessible(page);
  });

  it("says a taken username is taken (any case) and blocks the sign-up", async () => {
    const page = await newPage();
    await page.goto("/signup");
    await fillSignUp(page, newAccount({ username: DEMO_BUYER.username.toUpperCase() }));
    await page.getByText(MESSAGES.usernameTaken).waitFor();
    await page.getByRole("button", { name: "Create Account", exact: true }).click();
    await page.getByText(MESSAGES.signupUsernameUnavailable).waitFor();
    expect(new URL(page.url()).pathname).toBe("/signup");
  });

  it("a sign-up sent before the username check has answered creates the account", async () => {
    const page = await newPage();
    const account = newAccount();
    await page.goto("/signup");
    await fillSignUp(page, { ...account, username: undefined });
    // Enter right after typing: the live check waits for typing to stop, so it has not answered yet.
    await page.getByLabel("Username").fill(account.username);
    await page.getByLabel("Username").press("Enter");
    await expectAt(page, "/profile");
    expect(await page.getByTestId("profile-username").textContent()).toBe(`@${account.username}`);
  });

  it("a taken username sent before the check has answered is refused by the server, on the field", async () => {
    const page = await newPage();
    await page.goto("/signup");
    await fillSignUp(page, { ...newAccount(), username: undefined });
    await page.getByLabel("Username").fill(DEMO_BUYER.username);
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByLabel("Username").press("Enter");
    expect((await answer).status()).toBe(409);
    await expectVisible(page.getByText(MESSAGES.usernameTaken));
    expect(new URL(page.url()).pathname).toBe("/signup");
    // The server's refusal was for that name: another, available one shows no refusal beside it.
    await page.getByLabel("Username").fill(newAccount().username);
    await page.getByText(MESSAGES.usernameAvailable).waitFor();
    expect(await page.getByText(MESSAGES.usernameTaken).count()).toBe(0);
  });

  it("the refusal of a taken username goes once the name is changed to an available one", async () => {
    const page = await newPage();
    await page.goto("/signup");
    await fillSignUp(page, newAccount({ username: DEMO_BUYER.username }));
    await page.getByText(MESSAGES.usernameTaken).waitFor();
    await page.getByRole("button", { name: "Create Account", exact: true }).click();
    await page.getByText(MESSAGES.signupUsernameUnavailable).waitFor();
    await page.getByLabel("Username").fill(newAccount().username);
    await page.getByText(MESSAGES.usernameAvailable).waitFor();
    expect(await page.getByText(MESSAGES.signupUsernameUnavailable).count()).toBe(0);
  });

  it("creates the account, stores the username lowercased and lands on /profile", async () => {
    const page = await newPage();
    const account = newAccount();
    await page.goto("/signup");
    await fillSignUp(page, { ...account, username: account.username.toUpperCase() });
    await page.getByText(MESSAGES.usernameAvailable).waitFor();
    await page.getByRole("button", { name: "Create Account", exact: true }).click();
    await page.waitForURL("**/profile");
    expect(await page.getByTestId("profile-username").textContent()).toBe(`@${account.username}`);
    expect(await page.getByTestId("profile-full-name").textContent()).toBe("Ada Lovelace");
  });
});

describe("log-in and log-out", () => {
  it("a wrong password and an unknown email get the same failure message", async () => {
    const page = await newPage();
    for (const email of [DEMO_BUYER.email, "nobody-here@example.test"]) {
      await page.goto("/login");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill("not-the-password");
      await page.getByRole("button", { name: "Log In", exact: true }).click();
      await expectVisible(page.getByRole("alert").getByText(MESSAGES.loginFailed));
    }
  });

  it("logs in, shows the header menu, and logging out ends the session on the server", async () => {
    const page = await newPage();
    await signIn(page);
    const cookie = (await page.context().cookies()).find((c) => c.name.endsWith("better-auth.session_token"));
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");

    await page.getByTestId("user-menu").click();
    await page.getByRole("menuitem", { name: "Log Out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("link", { name: "Log in" }).waitFor();

    // Replaying the old cookie does not bring the session back: the row is gone.
    const replay = await newPage();
    await replay.context().addCookies([cookie!]);
    await replay.goto("/profile");
    await replay.waitForURL("**/login");
  });

  it("/account leads to /login when logged out and to the profile when logged in", async () => {
    const page = await newPage();
    await page.goto("/account");
    await expectAt(page, "/login");
    await signIn(page);
    await page.goto("/account");
    await expectAt(page, "/profile");
  });

  it("an unconfigured social provider shows the spec's message on both pages", async () => {
    const page = await newPage();
    await page.goto("/login");
    await page.getByRole("button", { name: "Log in with Google" }).click();
    await expectVisible(page.getByText(MESSAGES.socialLoginFailed));
    await page.goto("/signup");
    await page.getByRole("button", { name: "Sign up with GitHub" }).click();
    await expectVisible(page.getByText(MESSAGES.socialSignupFailed));
  });
});

describe("cross-site requests", () => {
  it("a log-in or log-out posted from another origin is refused", async () => {
    const page = await newPage();
    for (const path of ["/login", "/logout", "/signup", "/contact"]) {
      const response = await page.request.post(path, {
        headers: { Origin: "https://evil.example" },
        form: { email: DEMO_BUYER.email, password: DEMO_BUYER.password },
      });
      expect(response.status()).toBe(403);
    }
  });
});

describe("header menu", () => {
  it("shows the display name and badge, opens with the keyboard and closes on navigation", async () => {
    const page = await newPage();
    await signIn(page, "dev@verdeo.local", DEMO_BUYER.password);
    const badge = page.getByTestId("role-badge").first();
    expect(await badge.getAttribute("data-tone")).toBe("green");
    await badge.hover();
    await page.getByRole("tooltip").getByText("Official Verdeo Developer").waitFor();

    const trigger = page.getByTestId("user-menu");
    await trigger.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("menuitem", { name: "My Profile" }).waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("menu").count()).toBe(0);

    await page.goto("/about");
    await trigger.click();
    await page.getByRole("menuitem", { name: "My Profile" }).click();
    await page.waitForURL("**/profile");
    await expect.poll(() => page.getByRole("menu").count()).toBe(0);
    const width = await page
      .getByTestId("user-menu-name")
      .evaluate((node) => node.getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(100);
  });
});

describe("header on a phone", () => {
  it("a signed-in creator's header fits the screen: the account menu and the navigation toggle work", async () => {
    const page = await newPage({ viewport: PHONE });
    await signIn(page, "maya@verdeo.local", DEMO_BUYER.password);
    const toggle = page.getByRole("button", { name: "Open menu" });
    const box = await toggle.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await toggle.click();
    await page.locator("#mobile-nav").getByRole("link", { name: "Pricing" }).waitFor();
    await page.getByTestId("user-menu").click();
    await page.getByRole("menuitem", { name: "My Profile" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});

describe("password reset", () => {
  it("mails a single-use link to the outbox; the new password works and the link does not twice", async () => {
    const page = await newPage();
    const account = await signUp(page, newAccount());
    await page.context().clearCookies();

    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    // The log-in page has an Email field too: fill only once the navigation has landed.
    await expectAt(page, "/forgot-password");
    await page.getByLabel("Email").fill(account.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expectVisible(page.getByText(MESSAGES.resetRequested));

    const link = await waitForMailLink(account.email);
    await page.goto(link);
    await page.getByLabel("New password").fill("a-brand-new-secret");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expectAt(page, "/login?reset=1");
    await expectVisible(page.getByText(MESSAGES.resetDone));
    await signIn(page, account.email, "a-brand-new-secret");

    const again = await newPage();
    await again.goto(link);
    await expectVisible(again.getByText(MESSAGES.resetInvalid));
  });
});

async function waitForMailLink(to: string) {
  const outbox = path.join(inject("dataDir"), "outbox");
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = await readdir(outbox).catch(() => [] as string[]);
    for (const file of files) {
      const mail = JSON.parse(await readFile(path.join(outbox, file), "utf8")) as {
        to: string;
        text: string;
      };
      const link =
        mail.to === to ? mail.text.match(/https?:\/\/\S+reset-password\?token=\S+/)?.[0] : undefined;
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no reset mail for ${to} in ${outbox}`);
}
