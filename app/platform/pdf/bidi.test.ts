import { describe, expect, it } from "vitest";
import { visualChunks } from "./bidi";

describe("lines in visual order for PDFKit", () => {
  it("a Latin line is one piece, as it was typed", () => {
    expect(visualChunks("Zoë Müller, Berlin 10115")).toEqual([
      { family: "latin", text: "Zoë Müller, Berlin 10115" },
    ]);
  });

  it("Arabic words are drawn last word first, each handed over in logical order for fontkit to shape and reverse", () => {
    expect(visualChunks("محمد علي")).toEqual([
      { family: "arabic", text: "علي" },
      { family: "arabic", text: " " },
      { family: "arabic", text: "محمد" },
    ]);
  });

  it("Arabic-Indic digits are handed over reversed, so fontkit's own reversal draws them left to right", () => {
    expect(visualChunks("شارع ١٢٣")[0]).toEqual({ family: "arabic", text: "٣٢١" });
  });

  it("a Hebrew name before Latin stays on the left, the Latin after it", () => {
    expect(visualChunks("דוד כהן, Tel Aviv").map((chunk) => chunk.text)).toEqual([
      "כהן",
      " ",
      "דוד",
      ", ",
      "Tel Aviv",
    ]);
  });

  it("scripts without a font of Noto Sans get their own family", () => {
    expect(visualChunks("김민준 สมชาย राम 张伟").map((chunk) => chunk.family)).toEqual([
      "korean",
      "thai",
      "devanagari",
      "cjk",
    ]);
  });
});
