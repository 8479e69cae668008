import type { ReactNode } from "react";

/** One numbered part of a legal page; `id` is its URL fragment (`/licensing#refunds`). */
export interface LegalSection {
  id: string;
  title: string;
  /** The catalogue key of the title in the page's language (the English catalogue says `title`). */
  titleKey: string;
  body: ReactNode;
  /** The body in the page's language (from the catalogue), where it has been translated. */
  translated?: ReactNode;
}

/** A legal page's text as data, rendered by `LegalPage`. */
export interface LegalDocument {
  title: string;
  subtitle: string;
  /** The catalogue keys of the title and subtitle in the page's language. */
  titleKey: string;
  subtitleKey: string;
  /** The page's address in English, the binding version a translated page links to. */
  path: string;
  /** The day it last changed (ISO, `2025-10-29`): shown under the title and in the page footer. */
  lastUpdated: string;
  sections: LegalSection[];
}
