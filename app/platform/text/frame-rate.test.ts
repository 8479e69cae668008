import { describe, expect, it } from "vitest";
import { formatFrameRate } from "./frame-rate";

describe("formatFrameRate", () => {
  it("shows a measured rate close to a conventional one as that rate", () => {
    expect(formatFrameRate(24.17)).toBe("24 fps");
    expect(formatFrameRate(24.34)).toBe("24 fps");
    expect(formatFrameRate(24.2)).toBe("24 fps");
    expect(formatFrameRate(25.08)).toBe("25 fps");
    expect(formatFrameRate(50.3)).toBe("50 fps");
    expect(formatFrameRate(60)).toBe("60 fps");
  });

  it("keeps the NTSC rates apart from the whole rates beside them", () => {
    expect(formatFrameRate(23.976)).toBe("23.976 fps");
    expect(formatFrameRate(23.98)).toBe("23.976 fps");
    expect(formatFrameRate(24.001)).toBe("24 fps");
    expect(formatFrameRate(29.97)).toBe("29.97 fps");
    expect(formatFrameRate(29.99)).toBe("30 fps");
    expect(formatFrameRate(59.94)).toBe("59.94 fps");
  });

  it("rounds any other rate to two decimals without trailing zeros", () => {
    expect(formatFrameRate(12.5)).toBe("12.5 fps");
    expect(formatFrameRate(26.5)).toBe("26.5 fps");
    expect(formatFrameRate(15.3333)).toBe("15.33 fps");
    expect(formatFrameRate(120)).toBe("120 fps");
    expect(formatFrameRate(27.004)).toBe("27 fps");
  });
});
