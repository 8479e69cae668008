import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { STANDARD_LICENSE_VIEW_CAP, SUPPORT_EMAIL } from "~/constants";
import { DEMO_PLANS } from "../../../server/seed/demo-content";
import {
  attributionLine,
  LICENSE_PLANS,
  LICENSING,
  licensePlansFrom,
  licensingDocument,
  plansPhrase,
} from "./licensing";
import type { LegalDocument } from "./types";

/** The licensing page's section ids and titles, in order (links point at these ids). */
const EXPECTED_SECTIONS = [
  ["introduction", "Introduction"],
  ["what-licensing-means", "What Licensing Means"],
  ["license-types", "Our License Types"],
  ["ownership", "License Ownership and Copyright"],
  ["attribution", "Attribution"],
  ["prohibited-uses", "Prohibited Uses"],
  ["refunds", "Refunds and Disputes"],
  ["free-content", "Using Free or Promotional Content"],
  ["reporting", "Reporting Misuse or Copyright Issues"],
  ["legal-summary", "Legal Summary"],
  ["contact", "Contact Us"],
];

function sectionText(id: string, document: LegalDocument = LICENSING) {
  const section = document.sections.find((candidate) => candidate.id === id);
  if (!section) throw new Error(`no section ${id}`);
  const router = createMemoryRouter([{ path: "/", element: <>{section.body}</> }]);
  return renderToStaticMarkup(<RouterProvider router={router} />)
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");
}

describe("licensing page text", () => {
  it("has the eleven sections of the spec, with their ids and titles in order", () => {
    expect(LICENSING.sections.map((section) => [section.id, section.title])).toEqual(EXPECTED_SECTIONS);
  });

  it("names the plans that grant each license as the plan table does", () => {
    for (const plan of DEMO_PLANS) {
      expect(LICENSE_PLANS[plan.licenseKind] as readonly string[]).toContain(plan.title);
    }
  });

  it("names the plans it is given, in the same sections, and says plan or plans by their number", () => {
    const document = licensingDocument({ standard: ["Starter", "Team"], extended: ["Studio"] });
    expect(document.sections.map((section) => [section.id, section.title])).toEqual(EXPECTED_SECTIONS);
    expect(sectionText("license-types", document)).toContain("Included in the Starter and Team plans.");
    expect(sectionText("license-types", document)).toContain("Included in the Studio plan.");
    expect(sectionText("legal-summary", document)).toContain("Standard License (Starter and Team plans)");
    expect(sectionText("legal-summary", document)).toContain("Extended License (Studio plan)");
  });

  it("reads as before with the plan table's current titles", () => {
    expect(sectionText("legal-summary")).toContain("Standard License (Creator plan)");
    expect(sectionText("legal-summary")).toContain("Extended License (Business and Pro plans)");
    expect(sectionText("license-types")).toContain("Included in the Business and Pro plans.");
    expect(plansPhrase(["A", "B", "C"])).toBe("A, B and C plans");
  });

  it("falls back to the written plan names only for a license no plan grants", () => {
    expect(licensePlansFrom({ standard: [], extended: ["Studio"] })).toEqual({
      standard: LICENSE_PLANS.standard,
      extended: ["Studio"],
    });
  });

  it("states the standard license's allowances, its view cap and its prohibitions", () => {
    const text = sectionText("license-types");
    expect(text).toContain(`${STANDARD_LICENSE_VIEW_CAP} views`);
    for (const rule of [
      "social media",
      "websites and in digital marketing",
      "Edit, crop or modify",
      "Resell it, redistribute it or re-upload it as your own",
      "logo, trademark or brand identity",
      "TV, film or large-scale paid advertising",
      "unlimited reach",
      "In-store displays and digital billboards",
      "Claim ownership or copyright",
    ]) {
      expect(text).toContain(rule);
    }
  });

  it("sends exclusive rights, refunds and misuse reports to the support address", () => {
    for (const id of ["license-types", "refunds", "reporting", "contact"]) {
      expect(sectionText(id)).toContain(SUPPORT_EMAIL);
    }
  });

  it("lists the three refund exceptions and the no-liability rule", () => {
    const refunds = sectionText("refunds");
    for (const exception of ["corrupted", "missing content", "charged more than once for the same video"]) {
      expect(refunds).toContain(exception);
    }
    expect(sectionText("legal-summary")).toContain(
      "no liability for misuse of a clip after it has been downloaded",
    );
  });

  it("offers optional attribution in the form 'Video by {creator username}'", () => {
    expect(attributionLine("maya")).toMatch(/^Video by maya/);
    expect(sectionText("attribution")).toContain("optional");
  });

  it("covers every prohibited use of the spec", () => {
    const text = sectionText("prohibited-uses");
    for (const use of [
      "even if you have modified it",
      "pornographic, hateful or violent",
      "deepfakes",
      "misleading political",
      "trademark or brand logo",
      "NFT or other blockchain",
      "close your account",
      "legal action",
    ]) {
      expect(text).toContain(use);
    }
  });
});
