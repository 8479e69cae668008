import type { ReactNode } from "react";

/**
 * The personal regions of a public page (docs/decisions/0029). A public page is cached once, as an
 * anonymous visitor sees it; what differs for a signed-in visitor (the account menu, the clip's save
 * menu) is rendered inside a `PersonalRegion`, which the server finds in the cached bytes and replaces
 * with the regions of that visitor's own render. The data those regions were rendered from goes in a
 * JSON block (`PersonalDataBlock`), which the browser reads before hydrating so React renders the
 * same markup the server sent.
 */

/** The attribute naming a region; server/page-regions.ts finds regions by it. */
export const PERSONAL_ATTRIBUTE = "data-personal";
/** The id of the JSON block that carries a signed-in visitor's personal data. */
export const PERSONAL_DATA_ID = "personal";
/** The region holding the JSON block (empty on an anonymous page). */
export const PERSONAL_DATA_REGION = "data";

/** What the JSON block holds, by key: `user` (the header's), `clip` (the clip page's save menu). */
export type PersonalData = Record<string, unknown>;

/**
 * A part of a public page that differs per signed-in visitor. `display: contents`, so the wrapper
 * changes no layout; the server joins regions by name, so a name is used once per page.
 */
export function PersonalRegion({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div data-personal={name} className="contents">
      {children}
    </div>
  );
}

interface Overlay {
  text: string;
  data: PersonalData;
}

/** undefined: not read yet. Only ever set in the browser: on the server every render is its own. */
let overlay: Overlay | null | undefined;
let hydrated = false;
/** The loader data each key's personal data was hydrated with. */
const hydratedWith = new Map<string, unknown>();

function pageOverlay(): Overlay | null {
  if (typeof document === "undefined") return null;
  if (overlay !== undefined) return overlay;
  const text = document.getElementById(PERSONAL_DATA_ID)?.textContent ?? "";
  try {
    overlay = text ? { text, data: JSON.parse(text) as PersonalData } : null;
  } catch {
    overlay = null;
  }
  return overlay;
}

/** Called once the first render has been hydrated: from then on new loader data is the loaders' own. */
export function markPersonalHydrated() {
  hydrated = true;
}

/**
 * The personal data under `key` for this render. The cached page's loader data (in its hydration
 * script) is the anonymous visitor's, so while a component still renders the loader data it was
 * hydrated with, the page's JSON block wins; once the loaders ran again for this visitor (a client
 * navigation, a revalidation after saving or signing out), their data is the truth.
 */
export function usePersonal<T>(key: string, loaderData: unknown, fromLoader: T): T {
  const page = pageOverlay();
  if (!page || !(key in page.data)) return fromLoader;
  if (!hydrated && !hydratedWith.has(key)) hydratedWith.set(key, loaderData);
  return hydratedWith.get(key) === loaderData ? (page.data[key] as T) : fromLoader;
}

/**
 * The JSON block in its region: a data block (never executed, so the cached copy's script hashes
 * still hold), `<` escaped. While the page's own block applies the browser renders its text as it
 * came, so hydration finds the same markup.
 */
export function PersonalDataBlock({ data, rootData }: { data: PersonalData | null; rootData: unknown }) {
  const own = usePersonal<PersonalData | null>("user", rootData, null) ? pageOverlay() : null;
  const text = own ? own.text : data ? JSON.stringify(data).replace(/</g, "\\u003c") : null;
  return (
    <div data-personal={PERSONAL_DATA_REGION} hidden>
      {text ? (
        <script
          type="application/json"
          id={PERSONAL_DATA_ID}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: text }}
        />
      ) : null}
    </div>
  );
}
