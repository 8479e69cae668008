import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { RESEND_CONFIRMATION } from "~/accounts/components/confirm-email-notice";
import { checkInbox, confirmationSent, MESSAGES } from "~/accounts/messages";
import { RATE_LIMIT_POLICIES } from "~/platform/http/rate-limit-policies";
import { newAccount, signUp } from "./accounts-helpers";
import { expectAccessible, expectVisible, newPage } from "./browser";

/** The confirmation mails written to the server's outbox for one address, oldest first. */
async function confirmationMails(to: string) {
  const outbox = path.join(inject("dataDir"), "outbox");
  const mails: string[] = [];
  for (const file of (await readdir(outbox).catch(() => [] as string[])).sort()) {
    const mail = JSON.parse(await readFile(path.join(outbox, file), "utf8")) as { to: string; text: string };
    if (mail.to === to && /verify-email/.test(mail.text)) mails.push(mail.text.match(/https?:\/\/\S+/)![0]);
  }
  return mails;
}

describe("sign-up and email confirmation", () => {
  it("after sign-up the page says where the link went; Send again mails another; the link says Email confirmed", async () => {
    const page = await newPage();
    const account = await signUp(page, newAccount());
    await page.getByTestId("toast").getByText(checkInbox(account.email)).waitFor();
    const notice = page.getByTestId("confirm-email-notice");
    await notice.getByRole("heading", { name: checkInbox(account.email) }).waitFor();
    await expectAccessible(page);
    await expect.poll(() => confirmationMails(account.email), { timeout: 15_000 }).toHaveLength(1);

    await notice.getByRole("button", { name: RESEND_CONFIRMATION }).click();
    await page.getByTestId("toast").getByText(confirmationSent(account.email)).waitFor();
    await expect.poll(() => confirmationMails(account.email), { timeout: 15_000 }).toHaveLength(2);

    const [, link] = await confirmationMails(account.email);
    await page.goto(link!);
    await page.waitForURL((url) => url.pathname === "/profile");
    await page.getByTestId("toast").getByText(MESSAGES.emailConfirmed).waitFor();
    expect(await page.getByTestId("confirm-email-notice").count()).toBe(0);
  });

  it("sending the link again is limited per address, and says how long to wait", async () => {
    // The limiter counts in fixed windows (platform/http/rate-limit.server.ts): presses on both
    // sides of a window's end are counted apart, so the test starts well inside one.
    const { windowSeconds } = RATE_LIMIT_POLICIES.verification_mail.perEmail;
    const left = windowSeconds - ((Date.now() / 1000) % windowSeconds);
    if (left < 90) await new Promise((resolve) => setTimeout(resolve, (left + 1) * 1000));
    const page = await newPage();
    const account = await signUp(page, newAccount());
    const perEmail = RATE_LIMIT_POLICIES.verification_mail.perEmail.limit;
    // Sign-up sent the first; the limit counts the ones asked for afterwards.
    // Each press is waited for by its mail, not only its toast: a toast still showing from the
    // press before must not stand in for a press that has not been answered yet.
    for (let sent = 1; sent <= perEmail; sent++) {
      await page.getByRole("button", { name: RESEND_CONFIRMATION }).click();
      await page.getByTestId("toast").getByText(confirmationSent(account.email)).waitFor();
      await expect.poll(() => confirmationMails(account.email), { timeout: 15_000 }).toHaveLength(sent + 1);
    }
    await page.getByRole("button", { name: RESEND_CONFIRMATION }).click();
    await page
      .getByTestId("toast")
      .getByText(/Please wait \d+ minutes? and try again/)
      .waitFor();
    await expect.poll(() => confirmationMails(account.email), { timeout: 15_000 }).toHaveLength(perEmail + 1);
  }, 180_000);

  it("a new buyer opens on Downloads; the tab is in the URL and survives a reload; Saved leads to the collections", async () => {
    const page = await newPage();
    await signUp(page, newAccount());
    const tabs = page.getByRole("tablist", { name: "Profile sections" });
    await expect.poll(() => tabs.getByRole("tab", { selected: true }).textContent()).toBe("Downloads");
    await tabs.getByRole("tab", { name: "Saved" }).click();
    await page.waitForURL((url) => url.searchParams.get("tab") === "saved");
    await page.reload();
    expect(await tabs.getByRole("tab", { selected: true }).textContent()).toBe("Saved");
    await page.getByRole("tabpanel").getByRole("link", { name: "your collections" }).click();
    await page.waitForURL((url) => url.pathname === "/collections");
  });

  it("a wrong or used-up link says so instead of pretending", async () => {
    const page = await newPage();
    await signUp(page, newAccount());
    await page.goto("/api/auth/verify-email?token=not-a-token&callbackURL=%2Femail-confirmed");
    await expectVisible(page.getByTestId("toast").getByText(MESSAGES.confirmationLinkInvalid));
  });
});
