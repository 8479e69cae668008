import { useId, useState } from "react";
import { ChevronDownIcon, FiltersIcon } from "~/components/icons";
import { COLOR_TONES, DURATIONS, LICENSES, MOODS, ORIENTATIONS } from "../attributes";
import { type ExploreQuery, exploreSearch, type FilterName } from "../explore-url";
import { ChipLink } from "./chip";

const DURATION_LABELS = { short: "Short (<15s)", medium: "Medium (15–30s)", long: "Long (>30s)" };

const FILTERS: {
  name: FilterName;
  label: string;
  values: readonly string[];
  labels?: Record<string, string>;
}[] = [
  { name: "license", label: "License", values: LICENSES },
  { name: "duration", label: "Duration", values: DURATIONS, labels: DURATION_LABELS },
  { name: "orientation", label: "Orientation", values: ORIENTATIONS },
  { name: "tone", label: "Color tone", values: COLOR_TONES },
  { name: "mood", label: "Mood", values: MOODS },
];

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** The five filters, each 'all' by default; every choice is a link, so the URL holds the state. */
export function FiltersPanel({ query }: { query: ExploreQuery }) {
  const active = FILTERS.filter((filter) => query[filter.name] !== "all").length;
  const [open, setOpen] = useState(active > 0);
  const panelId = useId();
  return (
    <section className="rounded-2xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold"
        >
          <span className="flex items-center gap-2">
            <FiltersIcon className="size-5 text-brand-700 dark:text-brand-400" />
            Filters
            {active > 0 ? (
              <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs text-brand-900 dark:bg-brand-950 dark:text-brand-200">
                {active} active
              </span>
            ) : null}
          </span>
          <ChevronDownIcon className={`size-5 transition-transform ${open ? "rotate-180" : ""}`} />
        </button>
      </h2>
      <div
        id={panelId}
        hidden={!open}
        className="grid gap-5 border-t border-zinc-200 px-5 py-5 sm:grid-cols-2 lg:grid-cols-5 dark:border-zinc-800"
      >
        {FILTERS.map((filter) => (
          <fieldset key={filter.name}>
            <legend className="mb-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
              {filter.label}
            </legend>
            <div className="flex flex-wrap gap-2">
              {["all", ...filter.values].map((value) => (
                <ChipLink
                  key={value}
                  to={exploreSearch({ ...query, [filter.name]: value, page: 1 }) || "?"}
                  active={query[filter.name] === value}
                  className="px-3 py-1 text-xs"
                >
                  {value === "all" ? "All" : (filter.labels?.[value] ?? capitalise(value))}
                </ChipLink>
              ))}
            </div>
          </fieldset>
        ))}
      </div>
    </section>
  );
}
