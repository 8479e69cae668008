import type { License } from "~/catalog/clips/attributes";
import { PRODUCT_NAME, STANDARD_LICENSE_VIEW_CAP } from "~/constants";

/**
 * What each license allows and forbids, in the words of the licensing page. The page, the
 * download dialog and the license certificate all read them from here.
 */
export interface LicenseTerms {
  name: string;
  /** The plans that grant the license, as written: the licensing and terms pages name the plan table's titles and fall back to these only when no active plan grants it. */
  plans: readonly string[];
  bestFor: string;
  allowed: readonly string[];
  notAllowed: readonly string[];
}

export const LICENSE_TERMS = {
  standard: {
    name: "Standard License",
    plans: ["Creator"],
    bestFor: "personal projects, social media and small business",
    allowed: [
      "Post it on social media",
      "Use it on websites and in digital marketing",
      `Reach up to ${STANDARD_LICENSE_VIEW_CAP} views in total across your digital uses of the clip`,
      "Edit, crop or modify the video",
    ],
    notAllowed: [
      "Resell it, redistribute it or re-upload it as your own",
      "Use it in a logo, trademark or brand identity",
      "Use it in TV, film or large-scale paid advertising",
    ],
  },
  extended: {
    name: "Extended License",
    plans: ["Business", "Pro"],
    bestFor: "large commercial projects, film and broadcast",
    allowed: [
      "Everything the Standard License allows, with unlimited reach",
      "Paid ads on any channel",
      "Film and streaming productions",
      "TV and other broadcast",
      "In-store displays and digital billboards",
    ],
    notAllowed: ["Resell or give away the video files", "Claim ownership or copyright of the video"],
  },
} as const satisfies Record<"standard" | "extended", LicenseTerms>;

/** The attribution line the licensing page suggests, for a creator's username. */
export const attributionLine = (username: string) => `Video by ${username} on ${PRODUCT_NAME}`;

/**
 * The license terms' headings in the page's language. The terms themselves (above) stay in English,
 * the binding version: pages that translate the headings say so ("licensing.terms.binding").
 */
export const LICENSE_NAME_KEYS: Record<License, string> = {
  standard: "licensing.terms.standard",
  extended: "licensing.terms.extended",
};

/**
 * What each license allows and forbids, in the licensing page's words (legal.json, whose English is
 * LICENSE_TERMS word for word: a unit test checks), so the certificate and the page say the same.
 */
export const LICENSE_TERM_KEYS = {
  standard: {
    allowed: [
      "legal.licensing.standard.allowed1",
      "legal.licensing.standard.allowed2",
      "legal.licensing.standard.allowed3",
      "legal.licensing.standard.allowed4",
    ],
    notAllowed: [
      "legal.licensing.standard.notAllowed1",
      "legal.licensing.standard.notAllowed2",
      "legal.licensing.standard.notAllowed3",
    ],
  },
  extended: {
    allowed: [
      "legal.licensing.extended.allowed1",
      "legal.licensing.extended.allowed2",
      "legal.licensing.extended.allowed3",
      "legal.licensing.extended.allowed4",
      "legal.licensing.extended.allowed5",
    ],
    notAllowed: ["legal.licensing.extended.notAllowed1", "legal.licensing.extended.notAllowed2"],
  },
} as const satisfies Record<License, { allowed: readonly string[]; notAllowed: readonly string[] }>;
