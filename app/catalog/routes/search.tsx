import { Link } from "react-router";
import { ChevronLeftIcon } from "~/components/icons";
import { pageMeta } from "~/components/meta";
import { ClipCard } from "../components/clip-card";
import { EmptyResults } from "../components/explore-results";
import { parseExploreQuery } from "../explore-query.server";
import { exploreSearch } from "../explore-url";
import { searchClips } from "../search.server";
import type { Route } from "./+types/search";

/** /search?q=…: the same search as explore, as a plain results page. */
export async function loader({ request }: Route.LoaderArgs) {
  const query = parseExploreQuery(new URL(request.url).searchParams);
  return { query, result: await searchClips(query) };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(
    data?.query.q ? `Search: ${data.query.q}` : "Search Results",
    "Search results for stock video clips on Verdeo.",
  );

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, result } = loaderData;
  const pageLink = (page: number) => `/search${exploreSearch({ ...query, page }) || "?"}`;
  return (
    <main className="mx-auto max-w-[1400px] px-4 py-10 sm:px-6">
      <Link
        to="/"
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-zinc-700 hover:text-brand-700 dark:text-zinc-300 dark:hover:text-brand-400"
      >
        <ChevronLeftIcon />
        Back to home
      </Link>
      <h1 className="mt-6 text-3xl font-black tracking-tight sm:text-4xl">Search Results</h1>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">Showing video results for: "{query.q}"</p>
      <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400" data-testid="result-count">
        {result.total}
        {result.capped ? "+" : ""} {result.total === 1 ? "video" : "videos"}
      </p>
      <div className="mt-8">
        {result.clips.length === 0 ? (
          <EmptyResults resetTo="/videos" />
        ) : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {result.clips.map((clip) => (
              <li key={clip.id}>
                <ClipCard clip={clip} />
              </li>
            ))}
          </ul>
        )}
      </div>
      {result.pageCount > 1 ? (
        <nav aria-label="Result pages" className="mt-8 flex items-center justify-center gap-3 text-sm">
          {result.page > 1 ? (
            <Link
              to={pageLink(result.page - 1)}
              className="rounded-full border border-zinc-300 px-4 py-2 font-semibold dark:border-zinc-700"
            >
              Previous
            </Link>
          ) : null}
          <span>
            Page {result.page} of {result.pageCount}
          </span>
          {result.page < result.pageCount ? (
            <Link
              to={pageLink(result.page + 1)}
              className="rounded-full border border-zinc-300 px-4 py-2 font-semibold dark:border-zinc-700"
            >
              Next
            </Link>
          ) : null}
        </nav>
      ) : null}
    </main>
  );
}
