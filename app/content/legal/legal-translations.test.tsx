import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { messagesFor } from "~/platform/i18n/catalogues.server";
import { I18nProvider } from "~/platform/i18n/i18n";
import { LOCALES } from "~/platform/i18n/locales";
import { LICENSING } from "./licensing";
import { PRIVACY } from "./privacy";
import { TERMS } from "./terms";

function text(node: ReactNode, locale: (typeof LOCALES)[number] = "en") {
  const element = (
    <I18nProvider locale={locale} messages={messagesFor(locale, ["legal"])}>
      {node}
    </I18nProvider>
  );
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderToStaticMarkup(<RouterProvider router={router} />)
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .replace(/ ([.,;:])/g, "$1")
    .trim();
}

describe("translated legal pages", () => {
  it("say in the English catalogue exactly what the written English sections say", () => {
    for (const doc of [LICENSING, TERMS, PRIVACY])
      for (const section of doc.sections) {
        expect(section.translated, section.id).toBeDefined();
        expect(text(section.translated), `${doc.title} #${section.id}`).toBe(text(section.body));
      }
  });

  it("are titled in the English catalogue as the written pages are", () => {
    const english = messagesFor("en", ["legal"]);
    for (const doc of [LICENSING, TERMS, PRIVACY]) {
      expect(english[doc.titleKey]).toBe(doc.title);
      expect(english[doc.subtitleKey]).toBe(doc.subtitle);
      for (const section of doc.sections) expect(english[section.titleKey]).toBe(section.title);
    }
  });

  it("leave no catalogue key unanswered in any language", () => {
    for (const locale of LOCALES)
      for (const doc of [LICENSING, TERMS, PRIVACY])
        for (const section of doc.sections)
          expect(text(section.translated, locale)).not.toMatch(/legal\.[a-z]/);
  });
});
