import { useEffect } from "react";
import { redirect } from "react-router";
import { Link } from "~/components/link";
import { pageMeta } from "~/components/meta";
import type { RouteHandle } from "~/platform/http/route-handle";
import { listNiches } from "../clips/catalog.server";
import {
  NICHE_BROWSER_ID,
  noNicheMatches,
  RESET_FILTERS,
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

/** Every anonymous visitor sees this page alike: the server may answer from a copy a few seconds old. */
export const handle: RouteHandle = { cache: "public-page" };

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  let query = parseExploreQuery(params);
  let nicheMiss: string | null = null;
  // A "Niches" search chooses the niche the text names; it never searches clips for the text.
  if (params.get(SEARCH_TYPE_PARAM) === "niches" && query.q) {
    const match = matchNiche(await listNiches("replica"), query.q);
    if (match)
      throw redirect(
        `/videos${exploreSearch({ ...query, q: "", exact: false, ...match, niche: [match.niche], page: 1 })}`,
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
  return { query, niches, result, facets, help, topSearches, nicheMiss };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(
    data?.query.q ? `“${data.query.q}” videos` : "Explore Videos",
    "Search and filter professional stock video clips by niche, license, duration, orientation, colour tone and mood.",
  );

export default function Videos({ loaderData }: Route.ComponentProps) {
  const { query, niches, result, facets, help, topSearches, nicheMiss } = loaderData;
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
          <h1 className="text-2xl font-black tracking-tight sm:text-3xl">Explore Videos</h1>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            Professional stock footage by niche, mood and format, ready for your next project.
          </p>
        </div>
        <ExploreSearch query={query} nicheMiss={nicheMiss} />
        {nicheMiss ? (
          <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300">
            {noNicheMatches(nicheMiss)}{" "}
            <a
              href={`#${NICHE_BROWSER_ID}`}
              className="font-semibold text-brand-700 underline dark:text-brand-400"
            >
              Browse the niches
            </a>{" "}
            or{" "}
            <Link
              to={exploreSearch({ q: nicheMiss })}
              className="font-semibold text-brand-700 underline dark:text-brand-400"
            >
              search videos for “{nicheMiss}”
            </Link>
            .
          </p>
        ) : null}
        <nav className="-m-1 flex items-center gap-2 overflow-x-auto p-1 pb-2" aria-label="Trending">
          <span className="shrink-0 text-sm font-semibold text-zinc-600 dark:text-zinc-400">Trending:</span>
          {TRENDING_CHIPS.map((chip) => (
            <ChipLink
              key={chip}
              to={exploreSearch({ q: chip })}
              active={query.q.toLowerCase() === chip.toLowerCase()}
              className="px-3 py-1 text-xs"
            >
              {chip}
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
              {RESET_FILTERS}
            </Link>
          )}
        </div>
        <FiltersPanel query={query} facets={facets} total={result.total} capped={result.capped} />
      </div>

      <ExploreResults result={result} query={query} help={help} facets={facets} />
      <NicheBrowser query={query} niches={niches} />

      <section aria-labelledby="top-searched" className="space-y-4">
        <h2 id="top-searched" className="text-xl font-bold tracking-tight">
          Top Searched This Week
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
                    {niche.name}
                  </Link>
                </li>
              ))}
        </ol>
      </section>

      <section className="rounded-2xl bg-brand-50 p-6 text-sm text-brand-950 sm:p-8 dark:bg-brand-950/60 dark:text-brand-100">
        <h2 className="text-lg font-bold">Licensed, not sold</h2>
        <p className="mt-2 max-w-3xl leading-relaxed">
          Every clip comes with a Standard or Extended license. Creators keep their copyright; you get clear
          rights to use the footage in your projects. Read the{" "}
          <Link to="/terms" className="font-semibold underline">
            Terms of Service
          </Link>{" "}
          and how{" "}
          <Link to="/licensing" className="font-semibold underline">
            Video Licensing
          </Link>{" "}
          works before you download.
        </p>
      </section>
    </main>
  );
}
