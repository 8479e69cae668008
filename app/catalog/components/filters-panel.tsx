import { useRef, useState } from "react";
import { buttonClass } from "~/components/button";
import { ChevronDownIcon, FiltersIcon } from "~/components/icons";
import { Link } from "~/components/link";
import { useI18n, useT } from "~/platform/i18n/i18n";
import { COLOUR_SWATCHES, type ColourName } from "../clips/attributes";
import type { Facet } from "../clips/catalog-clip";
import {
  type ExploreQuery,
  effectiveSort,
  exploreSearch,
  SORTS,
  type Sort,
  toggleFacet,
} from "../search/explore-url";
import { ChipLink } from "./chip";
import { useTerms } from "./term-labels";

const SORT_KEYS: Record<Sort, string> = {
  relevance: "catalog.sort.relevance",
  newest: "catalog.sort.newest",
  popular: "catalog.sort.popular",
  shortest: "catalog.sort.shortest",
  longest: "catalog.sort.longest",
};

/** A facet value: a link that adds or removes it, so the URL holds the state and no script is needed. */
function FacetOption({
  query,
  facet,
  value,
  basePath,
}: {
  query: ExploreQuery;
  facet: Facet;
  value: Facet["values"][number];
  basePath: string;
}) {
  const { t, tag } = useI18n();
  const terms = useTerms();
  const to = `${basePath}${exploreSearch(toggleFacet(query, facet.name, value.value)) || "?"}`;
  const empty = value.count === 0 && !value.selected;
  return (
    <li>
      <Link
        to={to}
        preventScrollReset
        rel="nofollow"
        aria-current={value.selected ? "true" : undefined}
        data-facet={`${facet.name}:${value.value}`}
        className={`flex items-center gap-2 rounded-lg px-2 py-1 text-sm transition-colors hover:bg-zinc-100 dark:hover:bg-zinc-800 ${
          empty ? "text-zinc-500 dark:text-zinc-400" : "text-zinc-800 dark:text-zinc-200"
        }`}
      >
        <span
          aria-hidden
          className={`grid size-4 shrink-0 place-items-center rounded border ${
            value.selected
              ? "border-brand-700 bg-brand-700 text-white dark:border-brand-400 dark:bg-brand-400 dark:text-zinc-950"
              : "border-zinc-400 dark:border-zinc-600"
          }`}
        >
          {value.selected ? (
            <svg viewBox="0 0 16 16" className="size-3" fill="none" stroke="currentColor" strokeWidth="2.5">
              <path d="m3.5 8.5 3 3 6-7" />
            </svg>
          ) : null}
        </span>
        {facet.name === "colour" ? (
          <span
            aria-hidden
            className="size-3 shrink-0 rounded-full ring-1 ring-zinc-400 dark:ring-zinc-600"
            style={{ backgroundColor: COLOUR_SWATCHES[value.value as ColourName] }}
          />
        ) : null}
        <span className="min-w-0 flex-1 truncate">
          {terms.value(facet.name, value)}
          {value.selected ? <span className="sr-only"> {t("catalog.filters.selected")}</span> : null}
        </span>
        <span className="shrink-0 text-xs tabular-nums text-zinc-600 dark:text-zinc-400">
          {value.count.toLocaleString(tag)}
        </span>
      </Link>
    </li>
  );
}

/**
 * The facets with their counts. Several values of a facet widen the search, facets narrow each
 * other; each count says what choosing that value would show. A <details> disclosure: it opens and
 * closes without JavaScript, and stays open while facet links navigate in place.
 */
export function FiltersPanel({
  query,
  facets,
  total,
  capped = false,
  basePath = "/videos",
}: {
  query: ExploreQuery;
  facets: Facet[];
  /** How many clips the current choice shows (the phone's "Show N results" button). */
  total: number;
  capped?: boolean;
  basePath?: string;
}) {
  const t = useT();
  const terms = useTerms();
  const active = facets.reduce(
    (sum, facet) => sum + facet.values.filter((value) => value.selected).length,
    0,
  );
  // Closed at first even with filters chosen: open, the facets fill a phone's screen and push the
  // results below the fold. The chosen values stay in sight as one scrollable row of chips.
  const [open, setOpen] = useState(false);
  const details = useRef<HTMLDetailsElement>(null);
  const chosen = facets.flatMap((facet) =>
    facet.values.filter((value) => value.selected).map((value) => ({ facet, value })),
  );
  return (
    <section
      aria-label={t("catalog.filters.label")}
      className="rounded-2xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900"
    >
      <details
        ref={details}
        data-testid="filters"
        onToggle={(event) => setOpen(event.currentTarget.open)}
        className="group/filters"
      >
        <summary className="flex w-full cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-3 text-left text-base font-semibold [&::-webkit-details-marker]:hidden">
          <span className="flex items-center gap-2">
            <FiltersIcon className="size-5 text-brand-700 dark:text-brand-400" />
            {t("catalog.filters.label")}
            {active > 0 ? (
              <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs text-brand-900 dark:bg-brand-950 dark:text-brand-200">
                {t("catalog.filters.active", { count: active })}
              </span>
            ) : null}
          </span>
          <ChevronDownIcon className="size-5 transition-transform group-open/filters:rotate-180" />
        </summary>
        <div className="grid gap-x-8 gap-y-5 border-t border-zinc-200 px-5 py-5 sm:grid-cols-2 lg:grid-cols-4 xl:grid-cols-[1.5fr_repeat(6,minmax(0,1fr))] dark:border-zinc-800">
          {facets.map((facet) => (
            <fieldset key={facet.name} data-testid={`facet-${facet.name}`}>
              <legend className="mb-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
                {terms.facet(facet)}
              </legend>
              <ul className="space-y-0.5">
                {facet.values.map((value) => (
                  <FacetOption
                    key={value.value}
                    query={query}
                    facet={facet}
                    value={value}
                    basePath={basePath}
                  />
                ))}
              </ul>
            </fieldset>
          ))}
        </div>
        <div className="border-t border-zinc-200 px-5 py-3 sm:hidden dark:border-zinc-800">
          {/* Without a script the link still takes the phone down to the results. */}
          {/* biome-ignore lint/a11y/useValidAnchor: a real link to the results; the script only closes the panel on the way */}
          <a
            href="#results-heading"
            onClick={(event) => {
              event.preventDefault();
              if (details.current) details.current.open = false;
              document.getElementById("results-heading")?.scrollIntoView({ block: "start" });
            }}
            className={buttonClass("primary", "w-full justify-center")}
          >
            {t("catalog.filters.showResults", { count: total, capped: capped ? "yes" : "no" })}
          </a>
        </div>
      </details>
      {chosen.length > 0 && !open ? (
        <ul
          aria-label={t("catalog.filters.activeList")}
          className="flex gap-2 overflow-x-auto px-5 pt-1 pb-3"
        >
          {chosen.map(({ facet, value }) => (
            <li key={`${facet.name}:${value.value}`} className="shrink-0">
              <ChipLink
                to={`${basePath}${exploreSearch(toggleFacet(query, facet.name, value.value)) || "?"}`}
                active
                rel="nofollow"
                aria-label={t("catalog.filters.remove", {
                  facet: terms.facet(facet),
                  value: terms.value(facet.name, value),
                })}
                className="px-3 py-1 text-xs"
              >
                {terms.value(facet.name, value)}
                <span aria-hidden>×</span>
              </ChipLink>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** The five sorts as links (relevance only for a text search). */
export function SortBar({ query, basePath = "/videos" }: { query: ExploreQuery; basePath?: string }) {
  const t = useT();
  const current = effectiveSort(query);
  const sorts = query.q ? SORTS : SORTS.filter((sort) => sort !== "relevance");
  return (
    <nav
      aria-label={t("catalog.sort.label")}
      className="-m-1 flex items-center gap-2 overflow-x-auto p-1 pb-2"
    >
      <span className="shrink-0 text-sm font-semibold text-zinc-600 dark:text-zinc-400">
        {t("catalog.sort.heading")}
      </span>
      {sorts.map((sort) => (
        <ChipLink
          key={sort}
          to={`${basePath}${exploreSearch({ ...query, sort, page: 1 }) || "?"}`}
          active={sort === current}
          rel="nofollow"
          className="px-3 py-1 text-xs"
        >
          {t(SORT_KEYS[sort])}
        </ChipLink>
      ))}
    </nav>
  );
}
