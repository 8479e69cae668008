import { describe, expect, it } from "vitest";
import { auditChanges, auditVerb } from "./audit-diff";

describe("audit entries in words", () => {
  it("lists only the fields that changed, amounts in euros", () => {
    expect(auditChanges({ priceCents: 4900, downloads: 5 }, { priceCents: 5900, downloads: 5 })).toEqual([
      { field: "Price", before: "€49.00", after: "€59.00" },
    ]);
  });

  it("shows a promo code's discount in euros or in percent, whichever kind it is", () => {
    expect(auditChanges({ discountPercent: 10 }, { discountCents: 500 })).toEqual([
      { field: "Discount", before: "10%", after: "—" },
      { field: "Discount", before: "—", after: "€5.00" },
    ]);
  });

  it("names statuses and dates as words, and a creation as what it set", () => {
    expect(auditChanges(null, { status: "awaiting_payment", paidAt: "2026-11-26T10:00:00.000Z" })).toEqual([
      { field: "Status", before: "—", after: "awaiting payment" },
      { field: "Paid at", before: "—", after: "2026-11-26 10:00" },
    ]);
  });

  it("shows yes and no for switches, and a plain value when the entry holds no object", () => {
    expect(auditChanges({ isActive: true }, { isActive: false })).toEqual([
      { field: "Is active", before: "yes", after: "no" },
    ]);
    expect(auditChanges("user", "developer")).toEqual([
      { field: "Value", before: "user", after: "developer" },
    ]);
    expect(auditChanges(null, null)).toEqual([]);
  });

  it("reads the verb of an action", () => {
    expect(auditVerb("order.mark_paid")).toBe("mark paid");
    expect(auditVerb("clip.approve")).toBe("approve");
  });
});
