import { describe, expect, it, vi } from "vitest";
import type { Executor } from "~/platform/db/client.server";
import type { Order } from "./order.queries.server";
import { orderEffects, registerOrderEffects } from "./order-effects.server";

const tx = {} as Executor;
const order = { id: "order-1" } as Order;

describe("order effects", () => {
  it("an order change without registered effects refuses to run instead of taking money without granting", () => {
    expect(() => orderEffects()).toThrow(/No order effects registered/);
  });

  it("every change calls each domain's part, in the order registered, merging what they return", async () => {
    const calls: string[] = [];
    registerOrderEffects("licensing", {
      paid: async () => {
        calls.push("licensing.paid");
        return { entitlementId: "e-1" };
      },
      closed: async () => {
        calls.push("licensing.closed");
        return { revokedEntitlementId: "e-1" };
      },
      claimed: async () => {
        calls.push("licensing.claimed");
      },
    });
    registerOrderEffects("payouts", {
      closed: async () => {
        calls.push("payouts.closed");
        return { royaltiesReversedCents: 120 };
      },
    });
    const at = new Date();
    expect(await orderEffects().paid(tx, order)).toEqual({ entitlementId: "e-1" });
    expect(await orderEffects().closed(tx, order, at)).toEqual({
      revokedEntitlementId: "e-1",
      royaltiesReversedCents: 120,
    });
    // A change no part handles does nothing and records nothing.
    expect(await orderEffects().partRefunded(tx, order, at)).toEqual({});
    await orderEffects().claimed(tx, ["order-1"], "user-1");
    expect(calls).toEqual(["licensing.paid", "licensing.closed", "payouts.closed", "licensing.claimed"]);
  });

  it("registering a domain again replaces its part instead of running it twice", async () => {
    const first = vi.fn(async () => ({ n: 1 }));
    const second = vi.fn(async () => ({ n: 2 }));
    registerOrderEffects("again", { extended: first });
    registerOrderEffects("again", { extended: second });
    expect(await orderEffects().extended(tx, order, new Date())).toEqual({ n: 2 });
    expect(first).not.toHaveBeenCalled();
  });
});
