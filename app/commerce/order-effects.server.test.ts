import { describe, expect, it } from "vitest";
import { type OrderEffects, orderEffects, registerOrderEffects } from "./order-effects.server";

describe("order effects", () => {
  it("an order change without registered effects refuses to run instead of taking money without granting", () => {
    expect(() => orderEffects()).toThrow(/No order effects registered/);
  });

  it("the registered effects are the ones every transition calls", () => {
    const effects: OrderEffects = {
      paid: async () => ({}),
      closed: async () => ({}),
      claimed: async () => {},
      extended: async () => ({}),
      suspended: async () => ({}),
      partRefunded: async () => ({}),
    };
    registerOrderEffects(effects);
    expect(orderEffects()).toBe(effects);
  });
});
