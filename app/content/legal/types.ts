import type { ReactNode } from "react";

/** One numbered part of a legal page; `id` is its URL fragment (`/licensing#refunds`). */
export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A legal page's text as data, rendered by `LegalPage`. */
export interface LegalDocument {
  title: string;
  subtitle: string;
  /** Shown under the title and in the page footer. */
  lastUpdated: string;
  sections: LegalSection[];
}
