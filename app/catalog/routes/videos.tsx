import { useEffect } from "react";
import { redirect } from "react-router";
import { Link } from "~/components/link";
import { pageMeta } from "~/components/meta";
import type { RouteHandle } from "~/platform/http/route-handle";
import { messagesFor } from "~/platform/i18n/catalogues.server";
import { makeI18n, useI18n } from "~/platform/i18n/i18n";
import { localizedPath } from "~/platform/i18n/locales";
import { pageLocaleOf } from "~/platform/i18n/page-locale";
import { listNiches } from "../clips/catalog.server";
import {
  NICHE_BROWSER_ID,
  SEARCH_TYPE_PARAM,
  TOP_SEARCHED_NICHES,
  TRENDING_CHIPS,
} from "../clips/catalog-content";
import { ChipLink, chipClass } from "../components/chip";
import { ExploreResults } from "../components/explore-results";
import { ExploreSearch } from "../components/explore-search";
import { FiltersPanel, SortBar } from "../components/filters-panel";
import { NicheBrowser } from "../components/niche-browser";
import { NicheIcon } from "../components/niche-icon";
import { termsOf, useTerms } from "../components/term-labels";
import { parseExploreQuery } from "../search/explore-query.server";
import { exploreSearch, isUnfiltered } from "../search/explore-url";
import { matchNiche } from "../search/niche-match";
import {
  listTopSearches,
  noResultsHelp,
  noteSearch,
  searchClipsCached,
  searchFacets,
} from "../search/search.server";
import type { Route } from "./+types/videos";

/** The trending searches' names; each still searches its English word (TRENDING_CHIPS). */
const TRENDING_KEYS: Record<string, string> = {
  Sunset: "catalog.trending.sunset",
  Mountains: "catalog.trending.mountains",
  Macro: "catalog.trending.macro",
  Lake: "catalog.trending.lake",
  Flowers: "catalog.trending.flowers",
  Abstract: "catalog.trending.abstract",
  Ocean: "catalog.trending.ocean",
};

/**
 * The niche a "Niches" search names, in English or in the page's language: the niches as stored,
 * then as the page names them (a sub-niche found by its translated name is still chosen by its
 * stored one, which explore's URL carries).
 */
function findNiche(
  niches: Awaited<ReturnType<typeof listNiches>>,
  text: string,
  terms: ReturnType<typeof termsOf>,
) {
  const stored = matchNiche(niches, text);
  if (stored) return stored;
  const shown = niches.map((niche) => ({
    id: niche.id,
    name: terms.niche(niche.id, niche.name),
    subNiches: niche.subNiches.map(terms.subNiche),
  }));
  const match = matchNiche(shown, text);
  if (!match?.sub) return match;
  const niche = niches.find((item) => item.id === match.niche);
  const sub = niche?.subNiches.find((name) => terms.subNiche(name) === match.sub) ?? null;
  return { niche: match.niche, sub };
}

/** Every anonymous visitor sees this page alike: the server may answer from a copy a few seconds old. */
export const handle: RouteHandle = { cache: "public-page" };

export async function loader({ request, params }: Route.LoaderArgs) {
  const locale = pageLocaleOf(params);
  const messages = messagesFor(locale, ["catalog"]);
  const search = new URL(request.url).searchParams;
  let query = parseExploreQuery(search);
  let nicheMiss: string | null = null;
  // A "Niches" search chooses the niche the text names; it never searches clips for the text.
  if (search.get(SEARCH_TYPE_PARAM) === "niches" && query.q) {
    const terms = termsOf(makeI18n(locale, messages).t);
    const match = findNiche(await listNiches("replica"), query.q, terms);
    if (match)
      throw redirect(
        localizedPath(
          locale,
          `/videos${exploreSearch({ ...query, q: "", exact: false, ...match, niche: [match.niche], page: 1 })}`,
        ),
      );
    nicheMiss = query.q;
    query = { ...query, q: "", exact: false, page: 1 };
  }
  const [niches, result, facets, topSearches] = await Promise.all([
    listNiches("replica"),
    searchClipsCached(query),
    searchFacets(query),
    listTopSearches(TOP_SEARCHED_NICHES),
  ]);
  noteSearch(query, result);
  const help = result.total === 0 ? await noResultsHelp(query) : null;
  return { query, niches, result, facets, help, topSearches, nicheMiss, messages };
}

export const meta: Route.MetaFunction = ({ data, params }) => {
  const { t } = makeI18n(pageLocaleOf(params), data?.messages ?? {});
  return pageMeta(
    data?.query.q
      ? t("catalog.videos.metaTitleQuery", { query: data.query.q })
      : t("catalog.videos.metaTitle"),
    t("catalog.videos.metaDescription"),
  );
};

export default function Videos({ loaderData }: Route.ComponentProps) {
  const { query, niches, result, facets, help, topSearches, nicheMiss } = loaderData;
  const { t, rich } = useI18n();
  const terms = useTerms();
  // The page scrolls to the top when it opens (filter links keep the position), unless the link
  // named a section (Home's "Browse Niches" goes to the niche browser).
  useEffect(() => {
    if (window.location.hash) document.getElementById(window.location.hash.slice(1))?.scrollIntoView();
    else window.scrollTo(0, 0);
  }, []);
  return (
    <main className="mx-auto max-w-[1400px] space-y-8 px-4 py-6 sm:px-6">
      <header className="space-y-4">
        <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1">
          <h1 className="text-2xl font-black tracking-tight sm:text-3xl">{t("catalog.videos.heading")}</h1>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("catalog.videos.intro")}</p>
        </div>
        <ExploreSearch query={query} nicheMiss={nicheMiss} />
        {nicheMiss ? (
          <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
            {rich("catalog.videos.nicheMiss", {
              text: nicheMiss,
              browse: (text) => (
                <a
                  key="browse"
                  href={`#${NICHE_BROWSER_ID}`}
                  className="font-semibold text-brand-700 underline dark:text-brand-400"
                >
                  {text}
                </a>
              ),
              search: (text) => (
                <Link
                  key="search"
                  to={exploreSearch({ q: nicheMiss })}
                  className="font-semibold text-brand-700 underline dark:text-brand-400"
                >
                  {text}
                </Link>
              ),
            })}
          </p>
        ) : null}
        <nav
          className="-m-1 flex items-center gap-2 overflow-x-auto p-1 pb-2"
          aria-label={t("catalog.videos.trending")}
        >
          <span className="shrink-0 text-sm font-semibold text-zinc-600 dark:text-zinc-400">
            {t("catalog.videos.trendingLabel")}
          </span>
          {TRENDING_CHIPS.map((chip) => (
            <ChipLink
              key={chip}
              to={exploreSearch({ q: chip })}
              active={query.q.toLowerCase() === chip.toLowerCase()}
              className="px-3 py-1 text-xs"
            >
              {TRENDING_KEYS[chip] ? t(TRENDING_KEYS[chip]) : chip}
            </ChipLink>
          ))}
        </nav>
      </header>

      <div className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <SortBar query={query} />
          {isUnfiltered(query) ? null : (
            <Link
              to="/videos"
              className="inline-flex text-sm font-semibold text-brand-700 hover:underline dark:text-brand-400"
            >
              {t("catalog.results.resetFilters")}
            </Link>
          )}
        </div>
        <FiltersPanel query={query} facets={facets} total={result.total} capped={result.capped} />
      </div>

      <ExploreResults result={result} query={query} help={help} facets={facets} />
      <NicheBrowser query={query} niches={niches} />

      <section aria-labelledby="top-searched" className="space-y-4">
        <h2 id="top-searched" className="text-xl font-bold tracking-tight">
          {t("catalog.videos.topSearched")}
        </h2>
        <ol className="grid gap-3 sm:grid-cols-3">
          {/* Real searches once enough people searched this week; until then the first niches. */}
          {topSearches.length >= TOP_SEARCHED_NICHES
            ? topSearches.map((top, index) => (
                <li key={top.query}>
                  <Link
                    to={exploreSearch({ q: top.query })}
                    className={`${chipClass()} w-full justify-start rounded-xl px-4 py-3`}
                  >
                    <span className="text-brand-700 dark:text-brand-400">#{index + 1}</span>
                    {top.query}
                  </Link>
                </li>
              ))
            : niches.slice(0, TOP_SEARCHED_NICHES).map((niche, index) => (
                <li key={niche.id}>
                  <Link
                    to={exploreSearch({ niche: [niche.id] })}
                    className={`${chipClass()} w-full justify-start rounded-xl px-4 py-3`}
                  >
                    <span className="text-brand-700 dark:text-brand-400">#{index + 1}</span>
                    <NicheIcon id={niche.id} />
                    {terms.niche(niche.id, niche.name)}
                  </Link>
                </li>
              ))}
        </ol>
      </section>

      <section className="rounded-2xl bg-brand-50 p-6 text-sm text-brand-950 sm:p-8 dark:bg-brand-950/60 dark:text-brand-100">
        <h2 className="text-lg font-bold">{t("catalog.videos.licensedTitle")}</h2>
        <p className="mt-2 max-w-3xl leading-relaxed">
          {rich("catalog.videos.licensedText", {
            terms: (text) => (
              <Link key="terms" to="/terms" className="font-semibold underline">
                {text}
              </Link>
            ),
            licensing: (text) => (
              <Link key="licensing" to="/licensing" className="font-semibold underline">
                {text}
              </Link>
            ),
          })}
        </p>
      </section>
    </main>
  );
}
