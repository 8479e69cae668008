import { Form } from "react-router";
import { ChevronLeftIcon } from "~/components/icons";
import { Link } from "~/components/link";
import { pageMeta } from "~/components/meta";
import type { RouteHandle } from "~/platform/http/route-handle";
import { messagesFor } from "~/platform/i18n/catalogues.server";
import { makeI18n, useI18n } from "~/platform/i18n/i18n";
import { pageLocaleOf } from "~/platform/i18n/page-locale";
import { ExploreResults, formatTotal, NoResults } from "../components/explore-results";
import { SortBar } from "../components/filters-panel";
import { SearchSuggest } from "../components/search-suggest";
import { parseExploreQuery } from "../search/explore-query.server";
import { exploreSearch } from "../search/explore-url";
import { noResultsHelp, noteSearch, searchClipsCached } from "../search/search.server";
import type { Route } from "./+types/search";

/** Every anonymous visitor sees this page alike: the server may answer from a copy a few seconds old. */
export const handle: RouteHandle = { cache: "public-page" };

/** /search?q=…: the same search as explore, as a plain results page with its own box. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const query = parseExploreQuery(new URL(request.url).searchParams);
  const messages = messagesFor(pageLocaleOf(params), ["catalog"]);
  if (!query.q) return { query, result: null, help: await noResultsHelp(query), messages };
  const result = await searchClipsCached(query);
  noteSearch(query, result);
  return { query, result, help: result.total === 0 ? await noResultsHelp(query) : null, messages };
}

export const meta: Route.MetaFunction = ({ data, params }) => {
  const { t } = makeI18n(pageLocaleOf(params), data?.messages ?? {});
  return pageMeta(
    data?.query.q
      ? t("catalog.search.metaTitleQuery", { query: data.query.q })
      : t("catalog.search.metaTitle"),
    t("catalog.search.metaDescription"),
  );
};

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, result, help } = loaderData;
  const { t, path } = useI18n();
  return (
    <main className="mx-auto max-w-[1400px] space-y-6 px-4 py-8 sm:px-6">
      <Link
        to="/"
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-zinc-700 hover:text-brand-700 dark:text-zinc-300 dark:hover:text-brand-400"
      >
        <ChevronLeftIcon />
        {t("catalog.search.back")}
      </Link>
      <div>
        <h1 className="text-2xl font-black tracking-tight sm:text-3xl">{t("catalog.search.heading")}</h1>
        <p className="mt-1 text-zinc-600 dark:text-zinc-400">
          {query.q ? t("catalog.search.showing", { query: query.q }) : t("catalog.search.prompt")}
        </p>
      </div>
      <Form method="get" action={path("/search")} role="search" className="flex max-w-3xl gap-2">
        <SearchSuggest
          key={query.q}
          name="q"
          defaultValue={query.q}
          label={t("catalog.search.label")}
          placeholder={t("catalog.search.placeholder")}
          className="flex-1"
        />
        <button
          type="submit"
          className="h-12 rounded-full bg-brand-700 px-6 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 dark:bg-brand-500 dark:text-zinc-950 dark:hover:bg-brand-400"
        >
          {t("catalog.search.submit")}
        </button>
      </Form>
      {result ? (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <SortBar query={query} basePath="/search" />
            <Link
              to={`/videos${exploreSearch({ ...query, page: 1 })}`}
              className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-400"
            >
              {t("catalog.search.refine", { total: formatTotal(t, result) })}
            </Link>
          </div>
          <ExploreResults result={result} query={query} help={help} basePath="/search" />
        </>
      ) : (
        <section aria-label={t("catalog.search.popular")} className="space-y-4">
          <p className="text-zinc-600 dark:text-zinc-400">{t("catalog.search.startHere")}</p>
          {help ? <NoResults help={help} resetTo="/videos" showEmpty={false} /> : null}
        </section>
      )}
    </main>
  );
}
