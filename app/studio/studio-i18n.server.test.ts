import { describe, expect, it } from "vitest";
import { MEDIA_FAILURES } from "~/media/renditions/media-rules";
import { translator } from "~/platform/i18n/translator.server";
import { clipReasonText } from "./studio-i18n.server";

describe("a clip's status reason on the studio's pages", () => {
  it("in English is the pipeline's reason word for word", () => {
    const english = translator("en", ["studio"]);
    for (const reason of Object.values(MEDIA_FAILURES)) expect(clipReasonText(english, reason)).toBe(reason);
  });

  it("in German is the pipeline's reason in German, its limits filled in", () => {
    const german = translator("de", ["studio"]);
    expect(clipReasonText(german, MEDIA_FAILURES.tooShort)).toBe(
      "Clips müssen mindestens 3 Sekunden lang sein.",
    );
    expect(clipReasonText(german, MEDIA_FAILURES.notVideo)).toBe("Diese Datei ist kein Video.");
  });

  it("shows what a reviewer wrote as they wrote it", () => {
    const german = translator("de", ["studio"]);
    expect(clipReasonText(german, "Not a drone shot.")).toBe("Not a drone shot.");
    expect(clipReasonText(german, null)).toBeNull();
  });
});
