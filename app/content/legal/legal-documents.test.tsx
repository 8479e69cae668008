import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { LEGAL_LAST_UPDATED, MIN_AGE, SUPPORT_EMAIL, THEME_STORAGE_KEY } from "~/constants";
import { LICENSING } from "./licensing";
import { PRIVACY } from "./privacy";
import { TERMS } from "./terms";
import type { LegalDocument } from "./types";

function text(doc: LegalDocument) {
  const router = createMemoryRouter([
    {
      path: "/",
      element: (
        <>
          {doc.sections.map((section) => (
            <div key={section.id}>{section.body}</div>
          ))}
        </>
      ),
    },
  ]);
  return renderToStaticMarkup(<RouterProvider router={router} />)
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");
}

describe("legal documents", () => {
  it("terms have eleven sections and privacy twelve, dated as the spec says", () => {
    expect(TERMS.sections).toHaveLength(11);
    expect(PRIVACY.sections).toHaveLength(12);
    expect(TERMS.lastUpdated).toBe("2025-10-29");
    expect(PRIVACY.lastUpdated).toBe(LEGAL_LAST_UPDATED);
  });

  it("every section id is unique within its page and usable as a URL fragment", () => {
    for (const doc of [LICENSING, TERMS, PRIVACY]) {
      const ids = doc.sections.map((section) => section.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(id).toMatch(/^[a-z][a-z-]*$/);
    }
  });

  it("the terms describe the pending order, payment by email and when the license starts", () => {
    const terms = text(TERMS);
    expect(terms).toContain("You place a pending order.");
    expect(terms).toContain("No payment is taken at this point.");
    expect(terms).toContain("Your license starts when we receive payment.");
    expect(terms).toContain("19% Cyprus VAT");
    expect(terms).toContain(`at least ${MIN_AGE} years old`);
    expect(terms).toContain("Google or GitHub");
  });

  it("the privacy policy states the minimum age and names what the browser stores", () => {
    const privacy = text(PRIVACY);
    expect(privacy).toContain(`at least ${MIN_AGE} years old`);
    for (const name of ["better-auth.session_token", THEME_STORAGE_KEY, "verdeo_checkout", "verdeo_toast"]) {
      expect(privacy).toContain(name);
    }
    expect(privacy).toContain("Commissioner for Personal Data Protection");
    expect(privacy).toContain(SUPPORT_EMAIL);
  });
});
