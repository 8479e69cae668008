import { useEffect, useState } from "react";
import { Form, useNavigate } from "react-router";
import { SUGGESTION_ROTATION_MS } from "~/constants";
import { useI18n } from "~/platform/i18n/i18n";
import { SEARCH_TYPE_PARAM, SEARCH_TYPES, type SearchType } from "../clips/catalog-content";
import { type ExploreQuery, exploreSearch, FILTER_NAMES } from "../search/explore-url";
import { SearchSuggest } from "./search-suggest";

/** Each search type's tab, box label and placeholder. */
const TYPE_KEYS: Record<SearchType, { label: string; search: string; placeholder: string }> = {
  videos: {
    label: "catalog.explore.typeVideos",
    search: "catalog.explore.searchVideos",
    placeholder: "catalog.explore.placeholderVideos",
  },
  niches: {
    label: "catalog.explore.typeNiches",
    search: "catalog.explore.searchNiches",
    placeholder: "catalog.explore.placeholderNiches",
  },
};

/** The rotating suggestions (SEARCH_TYPES) by their English text. */
const SUGGESTION_KEYS: Record<string, string> = {
  "Luxury Lifestyle": "catalog.suggestion.luxuryLifestyle",
  Technology: "catalog.suggestion.technology",
  Nature: "catalog.suggestion.nature",
  Food: "catalog.suggestion.food",
  Cinematic: "catalog.suggestion.cinematic",
  Wellness: "catalog.suggestion.wellness",
  "Nature & Travel": "catalog.suggestion.natureTravel",
  Business: "catalog.suggestion.business",
  Wildlife: "catalog.suggestion.wildlife",
};

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
 * that rotates. The type travels with the form (?type=niches), so the server, not the browser,
 * decides what a Niches search means: it works before the page's script has loaded, or without it.
 */
export function ExploreSearch({ query, nicheMiss }: { query: ExploreQuery; nicheMiss: string | null }) {
  const [type, setType] = useState<SearchType>(nicheMiss ? "niches" : "videos");
  const [text, setText] = useState(nicheMiss ?? query.q);
  const suggestion = useRotating(SEARCH_TYPES[type].suggestions);
  // Follow the URL (Reset, Back) in the same render, not an effect later: the box never shows stale text.
  const [shownQuery, setShownQuery] = useState(query.q);
  if (shownQuery !== query.q) {
    setShownQuery(query.q);
    setText(query.q);
  }
  const navigate = useNavigate();
  const { t, path } = useI18n();
  const suggestionKey = SUGGESTION_KEYS[suggestion];
  const shownSuggestion = suggestionKey ? t(suggestionKey) : suggestion;

  // With the script loaded, the URL names the type only for a Niches search (shared links stay short).
  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = text.trim();
    const search = exploreSearch({ ...query, q, exact: false, page: 1 });
    const typed = type === "niches" && q ? `${search}&${SEARCH_TYPE_PARAM}=niches` : search;
    navigate(path(`/videos${typed}`));
  }

  return (
    <Form method="get" action={path("/videos")} role="search" onSubmit={submit}>
      <fieldset className="mb-3 inline-flex rounded-full bg-zinc-100 p-1 dark:bg-zinc-800">
        <legend className="sr-only">{t("catalog.explore.searchType")}</legend>
        {(Object.keys(SEARCH_TYPES) as SearchType[]).map((key) => (
          <label
            key={key}
            className={`cursor-pointer rounded-full px-4 py-1.5 text-sm font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 dark:has-[:focus-visible]:outline-brand-400 has-[:checked]:bg-white has-[:checked]:text-brand-800 has-[:checked]:shadow-sm dark:has-[:checked]:bg-zinc-950 dark:has-[:checked]:text-brand-300 ${
              type === key ? "" : "text-zinc-600 hover:text-zinc-900 dark:text-zinc-300 dark:hover:text-white"
            }`}
          >
            <input
              type="radio"
              name={SEARCH_TYPE_PARAM}
              value={key}
              checked={type === key}
              onChange={() => setType(key)}
              className="sr-only"
            />
            {t(TYPE_KEYS[key].label)}
          </label>
        ))}
      </fieldset>
      <div className="flex gap-2">
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
          label={t(TYPE_KEYS[type].search)}
          placeholder={t(TYPE_KEYS[type].placeholder, { suggestion: shownSuggestion })}
          className="flex-1"
        />
        <button
          type="submit"
          className="h-12 rounded-full bg-brand-700 px-6 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 dark:bg-brand-500 dark:text-zinc-950 dark:hover:bg-brand-400"
        >
          {t("catalog.explore.submit")}
        </button>
      </div>
    </Form>
  );
}
