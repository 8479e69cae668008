import { describe, expect, it } from "vitest";
import { lineState } from "./ledger-states";

const now = new Date("2026-11-26T12:00:00Z");
const later = new Date("2026-12-20T00:00:00Z");
const earlier = new Date("2026-11-01T00:00:00Z");

describe("a ledger line's state", () => {
  it("is pending in its refund window and available after it, while no payout holds it", () => {
    expect(lineState({ availableAt: later, payoutId: null }, null, now)).toBe("pending");
    expect(lineState({ availableAt: earlier, payoutId: null }, null, now)).toBe("available");
    expect(lineState({ availableAt: now, payoutId: null }, null, now)).toBe("available");
  });

  it("is on the way in a payout not sent yet, whatever its status, and paid in a sent one", () => {
    for (const status of ["proposed", "approved", "failed"] as const)
      expect(lineState({ availableAt: earlier, payoutId: "p1" }, status, now)).toBe("on_the_way");
    expect(lineState({ availableAt: earlier, payoutId: "p1" }, "sent", now)).toBe("paid");
  });
});
