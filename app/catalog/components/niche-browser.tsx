import { Link } from "~/components/link";
import { useT } from "~/platform/i18n/i18n";
import type { Niche } from "../clips/catalog.server";
import { NICHE_BROWSER_ID } from "../clips/catalog-content";
import { type ExploreQuery, exploreSearch } from "../search/explore-url";
import { ChipLink } from "./chip";
import { NicheIcon } from "./niche-icon";
import { useTerms } from "./term-labels";

/**
 * Browse by Niche: choosing the selected niche again deselects it and clears the
 * sub-niche; choosing another niche clears the sub-niche.
 */
export function NicheBrowser({ query, niches }: { query: ExploreQuery; niches: Niche[] }) {
  const t = useT();
  const terms = useTerms();
  const only = query.niche.length === 1 ? query.niche[0] : null;
  const selected = niches.find((niche) => niche.id === only);
  return (
    <section id={NICHE_BROWSER_ID} aria-labelledby="browse-niche-title" className="scroll-mt-24">
      <h2 id="browse-niche-title" className="mb-4 text-xl font-bold tracking-tight">
        {t("catalog.niches.heading")}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {niches.map((niche) => {
          const isSelected = query.niche.includes(niche.id);
          const to =
            exploreSearch({ ...query, niche: isSelected ? [] : [niche.id], sub: null, page: 1 }) || "?";
          return (
            <li key={niche.id}>
              <Link
                to={to}
                preventScrollReset
                aria-current={isSelected ? "true" : undefined}
                className={`group relative block aspect-[4/3] overflow-hidden rounded-xl ring-2 transition ${
                  isSelected
                    ? "ring-brand-500"
                    : "ring-transparent hover:ring-brand-300 dark:hover:ring-brand-700"
                }`}
              >
                <img
                  src={niche.thumbnailUrl}
                  alt=""
                  width={640}
                  height={360}
                  loading="lazy"
                  className="absolute inset-0 size-full object-cover transition group-hover:scale-105"
                />
                <span className="absolute inset-0 bg-gradient-to-t from-black/80 via-black/30 to-transparent" />
                <span className="absolute inset-x-0 bottom-0 flex items-center gap-1.5 p-3 text-sm font-semibold text-white">
                  <NicheIcon id={niche.id} />
                  {terms.niche(niche.id, niche.name)}
                </span>
                {isSelected ? (
                  <span className="absolute top-2 right-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
                    {t("catalog.niches.selected")}
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
      {selected ? (
        <fieldset className="mt-4 flex flex-wrap gap-2">
          <legend className="sr-only">
            {t("catalog.niches.subNiches", { niche: terms.niche(selected.id, selected.name) })}
          </legend>
          {selected.subNiches.map((sub) => {
            const isSelected = sub === query.sub;
            return (
              <ChipLink
                key={sub}
                to={exploreSearch({ ...query, sub: isSelected ? null : sub, page: 1 })}
                active={isSelected}
              >
                {terms.subNiche(sub)}
              </ChipLink>
            );
          })}
        </fieldset>
      ) : null}
    </section>
  );
}
