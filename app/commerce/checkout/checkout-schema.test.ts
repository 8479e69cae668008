import { describe, expect, it } from "vitest";
import { BuyerSchema } from "./checkout-schema";

describe("the checkout's province or state", () => {
  it("requires one at checkout for Canada and the United States, with a clear sentence", () => {
    const form = { email: "a@example.com", buyerType: "individual", terms: "on" };
    const canada = BuyerSchema.safeParse({ ...form, country: "CA", subdivision: "TX" });
    expect(canada.success).toBe(false);
    expect(canada.error?.issues).toContainEqual(
      expect.objectContaining({
        path: ["subdivision"],
        message: "Please choose your province or territory from the list.",
      }),
    );
    const states = BuyerSchema.safeParse({ ...form, country: "US" });
    expect(states.error?.issues[0]?.message).toBe("Please choose your state from the list.");
    expect(BuyerSchema.safeParse({ ...form, country: "CA", subdivision: "QC" }).success).toBe(true);
    expect(BuyerSchema.safeParse({ ...form, country: "DE" }).success).toBe(true);
  });
});
