import { useState } from "react";
import { Form, useNavigate } from "react-router";
import { SearchIcon } from "~/components/icons";
import { Link } from "~/components/link";
import { HOME_CATEGORY_SCROLL_S } from "~/constants";
import { useI18n } from "~/platform/i18n/i18n";
import { HOME_CATEGORIES } from "../../clips/catalog-content";
import { exploreSearch } from "../../search/explore-url";
import { SearchSuggest } from "../search-suggest";
import { Marquee } from "./marquee";

/** The category strip's names; each still searches its English word (HOME_CATEGORIES). */
const CATEGORY_KEYS: Record<(typeof HOME_CATEGORIES)[number], string> = {
  Luxury: "catalog.category.luxury",
  Technology: "catalog.category.technology",
  Health: "catalog.category.health",
  Hospitality: "catalog.category.hospitality",
  Cars: "catalog.category.cars",
  Fashion: "catalog.category.fashion",
  Food: "catalog.category.food",
  Architecture: "catalog.category.architecture",
  Nature: "catalog.category.nature",
  Sports: "catalog.category.sports",
};

/** Section 1: headline, the search box (only a non-blank search goes anywhere) and the category strip. */
export function Hero() {
  const [text, setText] = useState("");
  const navigate = useNavigate();
  const { t, path } = useI18n();
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-white pt-20 pb-6 dark:from-brand-950/50 dark:to-zinc-950">
      <div className="mx-auto max-w-4xl px-4 text-center sm:px-6">
        <h1 className="text-4xl font-black tracking-tight text-balance sm:text-6xl">
          {t("catalog.home.headline")}
        </h1>
        <p className="mt-4 text-lg text-zinc-600 dark:text-zinc-400">{t("catalog.home.subtitle")}</p>
        <Form
          method="get"
          action={path("/videos")}
          role="search"
          className="mx-auto mt-8 flex max-w-2xl gap-2 rounded-full bg-white p-1.5 shadow-lg ring-1 ring-zinc-200 dark:bg-zinc-900 dark:ring-zinc-800"
          onSubmit={(event) => {
            event.preventDefault();
            const query = text.trim();
            if (query) navigate(path(`/videos?q=${encodeURIComponent(query)}`));
          }}
        >
          <SearchSuggest
            name="q"
            value={text}
            onValueChange={setText}
            label={t("catalog.home.searchLabel")}
            placeholder={t("catalog.home.searchPlaceholder")}
            className="min-w-0 flex-1 text-left"
            inputClassName="h-12 w-full rounded-full bg-transparent pr-3 pl-12 sm:pr-5 text-base focus-visible:outline-offset-0 placeholder:text-zinc-500 dark:placeholder:text-zinc-400"
          />
          {/* On a phone the button is its icon alone, so the field keeps room for its whole placeholder. */}
          <button
            type="submit"
            className="grid h-12 w-12 shrink-0 place-items-center rounded-full bg-brand-700 text-sm font-semibold text-white hover:bg-brand-800 sm:w-auto sm:px-6 dark:bg-brand-500 dark:text-zinc-950 dark:hover:bg-brand-400"
          >
            <SearchIcon className="size-5 sm:hidden" />
            <span className="sr-only sm:not-sr-only">{t("catalog.search.submit")}</span>
          </button>
        </Form>
      </div>
      <nav aria-label={t("catalog.home.categories")} className="mt-10">
        <Marquee durationS={HOME_CATEGORY_SCROLL_S} gapClass="gap-3 pr-3 py-1.5">
          {(copy) =>
            HOME_CATEGORIES.map((category) => (
              <Link
                key={category}
                to={`/videos${exploreSearch({ q: category })}`}
                tabIndex={copy > 0 ? -1 : undefined}
                className="rounded-full border border-zinc-200 bg-white px-5 py-2 text-sm font-semibold whitespace-nowrap text-zinc-800 shadow-sm transition hover:border-brand-500 hover:text-brand-800 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:text-brand-300"
              >
                {t(CATEGORY_KEYS[category])}
              </Link>
            ))
          }
        </Marquee>
      </nav>
    </section>
  );
}
