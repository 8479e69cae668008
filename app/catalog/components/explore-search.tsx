import { useEffect, useState } from "react";
import { Form, useNavigate } from "react-router";
import { SUGGESTION_ROTATION_MS } from "~/constants";
import type { Niche } from "../catalog.server";
import { SEARCH_TYPES, type SearchType } from "../catalog-content";
import { type ExploreQuery, exploreSearch, FILTER_NAMES } from "../explore-url";
import { SearchSuggest } from "./search-suggest";

/** Rotates through a list every SUGGESTION_ROTATION_MS. */
function useRotating(list: readonly string[]) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    setIndex(0);
    const timer = setInterval(
      () => setIndex((current) => (current + 1) % list.length),
      SUGGESTION_ROTATION_MS,
    );
    return () => clearInterval(timer);
  }, [list]);
  return list[index % list.length];
}

/**
 * The explore search box. Its placeholder names the search type (videos or niches) and a suggestion
 * that rotates. Searching niches selects the first niche whose name contains the text.
 */
export function ExploreSearch({
  query,
  niches,
}: {
  query: ExploreQuery;
  niches: Pick<Niche, "id" | "name">[];
}) {
  const [type, setType] = useState<SearchType>("videos");
  const [text, setText] = useState(query.q);
  const suggestion = useRotating(SEARCH_TYPES[type].suggestions);
  const navigate = useNavigate();
  // Follow the URL (Reset, Back) in the same render, not an effect later: the box never shows stale text.
  const [shownQuery, setShownQuery] = useState(query.q);
  if (shownQuery !== query.q) {
    setShownQuery(query.q);
    setText(query.q);
  }

  function submit(event: React.FormEvent<HTMLFormElement>) {
    if (type !== "niches") return;
    event.preventDefault();
    const wanted = text.trim().toLowerCase();
    const niche = wanted ? niches.find((item) => item.name.toLowerCase().includes(wanted)) : undefined;
    navigate(
      `/videos${exploreSearch(niche ? { ...query, q: "", niche: [niche.id], sub: null, page: 1 } : { ...query, q: text.trim(), exact: false, page: 1 })}`,
    );
  }

  return (
    <div>
      <fieldset className="mb-3 inline-flex rounded-full bg-zinc-100 p-1 dark:bg-zinc-800">
        <legend className="sr-only">Search type</legend>
        {(Object.keys(SEARCH_TYPES) as SearchType[]).map((key) => (
          <label
            key={key}
            className={`cursor-pointer rounded-full px-4 py-1.5 text-sm font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 ${
              type === key
                ? "bg-white text-brand-800 shadow-sm dark:bg-zinc-950 dark:text-brand-300"
                : "text-zinc-600 hover:text-zinc-900 dark:text-zinc-300 dark:hover:text-white"
            }`}
          >
            <input
              type="radio"
              name="search-type"
              value={key}
              checked={type === key}
              onChange={() => setType(key)}
              className="sr-only"
            />
            {SEARCH_TYPES[key].label}
          </label>
        ))}
      </fieldset>
      <Form method="get" action="/videos" role="search" onSubmit={submit} className="flex gap-2">
        {FILTER_NAMES.flatMap((name) =>
          query[name].map((value) => (
            <input key={`${name}:${value}`} type="hidden" name={name} value={value} />
          )),
        )}
        {query.niche.map((niche) => (
          <input key={niche} type="hidden" name="niche" value={niche} />
        ))}
        {query.niche.length === 1 && query.sub ? <input type="hidden" name="sub" value={query.sub} /> : null}
        {query.sort ? <input type="hidden" name="sort" value={query.sort} /> : null}
        <SearchSuggest
          name="q"
          value={text}
          onValueChange={setText}
          label={`Search ${SEARCH_TYPES[type].label.toLowerCase()}`}
          placeholder={`Search ${SEARCH_TYPES[type].label.toLowerCase()}… try “${suggestion}”`}
          className="flex-1"
        />
        <button
          type="submit"
          className="h-12 rounded-full bg-brand-700 px-6 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 dark:bg-brand-500 dark:text-zinc-950 dark:hover:bg-brand-400"
        >
          Search
        </button>
      </Form>
    </div>
  );
}
