import { describe, expect, it } from "vitest";
import { retrySpanSeconds } from "./jobs/define.server";
import { mailHeadline, sendMailJob } from "./mail.server";

describe("mail delivery", () => {
  it("keeps retrying a failed send for at least 24 hours, even with the shortest waits", () => {
    const { shortest, longest } = retrySpanSeconds(sendMailJob);
    expect(shortest).toBeGreaterThanOrEqual(24 * 3_600);
    // …and gives up within about a day and a half, when staff see it in the jobs page.
    expect(longest).toBeLessThanOrEqual(30 * 3_600);
  });

  it("shows staff a queued mail's recipient and subject, never its body", () => {
    const headline = mailHeadline({
      to: "ana@example.com",
      subject: "Reset your password",
      text: "token=abc",
    });
    expect(headline).toBe("To ana@example.com: Reset your password");
    expect(mailHeadline({ something: "else" })).toBeUndefined();
    expect(mailHeadline(null)).toBeUndefined();
  });
});
