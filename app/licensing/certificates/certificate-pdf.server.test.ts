import { describe, expect, it } from "vitest";
import { LICENSE_TERMS } from "../license-terms";
import { certificateTerms } from "./certificate-pdf.server";

describe("the certificate's terms", () => {
  it("in English are LICENSE_TERMS word for word (the licensing page's catalogue repeats them)", () => {
    for (const kind of ["standard", "extended"] as const) {
      const { name, allowed, notAllowed } = LICENSE_TERMS[kind];
      expect(certificateTerms(kind)).toEqual({ name, allowed, notAllowed });
    }
  });

  it("in another language are the licensing page's translation, item for item", () => {
    const german = certificateTerms("extended", "de");
    expect(german.name).toBe("Erweiterte Lizenz");
    expect(german.allowed).toHaveLength(LICENSE_TERMS.extended.allowed.length);
    expect(german.allowed[1]).toBe("Bezahlte Anzeigen auf jedem Kanal");
    expect(german.notAllowed).toHaveLength(LICENSE_TERMS.extended.notAllowed.length);
  });
});
