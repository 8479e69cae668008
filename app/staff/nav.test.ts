import { describe, expect, it } from "vitest";
import { sectionOf } from "./nav";

describe("the console's sidebar sections", () => {
  it("a detail page belongs to its list's section", () => {
    expect(sectionOf("/staff/orders/0a1b2c3d-0000-4000-8000-000000000000")).toBe("/staff/orders");
    expect(sectionOf("/staff/promos/new")).toBe("/staff/promos");
    expect(sectionOf("/staff/messages/")).toBe("/staff/messages");
  });

  it("the overview is only the console's own front page, and nothing else falls into it by prefix", () => {
    expect(sectionOf("/staff")).toBe("/staff");
    expect(sectionOf("/staff/reports")).toBe("/staff/reports");
  });
});
