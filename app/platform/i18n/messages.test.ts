import { describe, expect, it } from "vitest";
import { catalogueSources, messagesFor } from "./catalogues.server";
import { formatMessage } from "./messages";

describe("messages in the page's language", () => {
  it("sends plain text as a string and formats ICU arguments in the language", () => {
    const german = messagesFor("de", ["common"]);
    expect(german["common.nav.pricing"]).toBe("Preise");
    expect(formatMessage("de", german, "common.footer.rights", { year: "2026", product: "Verdeo" })).toBe(
      "© 2026 Verdeo. Alle Rechte vorbehalten.",
    );
  });

  it("shows a key the catalogue lacks as the key, never throws", () => {
    expect(formatMessage("fr", messagesFor("fr", ["common"]), "common.nope")).toBe("common.nope");
  });

  it("accents, lengthens and brackets every message in the pseudo-locale", () => {
    const pseudo = messagesFor("en-xa", ["common"]);
    const text = formatMessage("en-XA", pseudo, "common.footer.rights", { year: "2026", product: "Verdeo" });
    expect(text).toMatch(/^⟦© 2026 Verdeo\. Åĺĺ ŕíĝĥţš ŕéšéŕṽéđ\.·+⟧$/);
  });

  it("has every language's catalogues", () => {
    expect([...catalogueSources().keys()].sort()).toEqual(["de", "en", "es", "fr", "ja", "pt-br"]);
  });
});
