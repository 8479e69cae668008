import { describe, expect, it } from "vitest";
import { missingLabel } from "../details/readiness";
import { payoutRunApprovalTexts } from "./payout-runs";

describe("payout copy follows the configuration", () => {
  it("with Stripe configured, the approval speaks of Stripe transfers and the bank file", () => {
    const texts = payoutRunApprovalTexts(true);
    expect(texts.actions).toContain("Stripe transfers");
    expect(texts.confirm("€10.00", "€20.00")).toBe(
      "€10.00 goes out by Stripe transfer now; €20.00 waits for the bank file. This cannot be undone.",
    );
    expect(texts.approved).toContain("Stripe transfers");
    expect(texts.nothingWaits).toContain("Stripe transfers");
  });

  it("with bank transfer only, no approval text mentions Stripe", () => {
    const texts = payoutRunApprovalTexts(false);
    const all = [texts.actions, texts.confirm("€0.00", "€20.00"), texts.approved, texts.nothingWaits];
    for (const text of all) expect(text).not.toMatch(/stripe/i);
    expect(texts.confirm("€0.00", "€20.00")).toBe("€20.00 waits for the bank file. This cannot be undone.");
    expect(texts.actions).toContain("bank transfer");
  });

  it("a creator without payout details is offered Stripe only where Stripe is configured", () => {
    expect(missingLabel("method", true)).toBe("Choose how to be paid: Stripe or bank transfer");
    expect(missingLabel("method", false)).toBe("Enter your bank details for payouts");
    expect(missingLabel("method", false)).not.toMatch(/stripe/i);
    expect(missingLabel("seller_details", false)).toBe(missingLabel("seller_details", true));
  });
});
