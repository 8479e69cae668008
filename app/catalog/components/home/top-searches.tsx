import { Link } from "~/components/link";
import { useT } from "~/platform/i18n/i18n";
import { TOP_SEARCHES, TOP_SEARCHES_LARGE, type TrendingTopic, topicPath } from "../../clips/catalog-content";

/** The topics' names by their English title (catalog-content.ts). */
const TOPIC_KEYS: Record<string, string> = {
  "Luxury Lifestyle": "catalog.topic.luxuryLifestyle",
  "Tech & Innovation": "catalog.topic.techInnovation",
  "Health & Wellness": "catalog.topic.healthWellness",
  "Travel & Adventure": "catalog.topic.travelAdventure",
  "Food & Cooking": "catalog.topic.foodCooking",
  "Fashion & Style": "catalog.topic.fashionStyle",
  "Business & Finance": "catalog.topic.businessFinance",
  "Nature & Wildlife": "catalog.topic.natureWildlife",
  "Sports & Fitness": "catalog.topic.sportsFitness",
  "Art & Design": "catalog.topic.artDesign",
};

/**
 * Section 3: ten fixed topics, the top three as large cards, each pictured by its clip's poster
 * (`posters`, by clip id; a topic whose clip is gone shows its plain tile).
 */
export function TopSearches({ posters }: { posters: Record<number, string> }) {
  const t = useT();
  const title = (topic: TrendingTopic) =>
    TOPIC_KEYS[topic.title] ? t(TOPIC_KEYS[topic.title]) : topic.title;
  const large = TOP_SEARCHES.slice(0, TOP_SEARCHES_LARGE);
  const small = TOP_SEARCHES.slice(TOP_SEARCHES_LARGE);
  return (
    <section aria-labelledby="top-searches" className="mx-auto max-w-[1400px] px-4 py-16 sm:px-6">
      <h2 id="top-searches" className="text-2xl font-bold tracking-tight sm:text-3xl">
        {t("catalog.home.topSearches")}
      </h2>
      <ol className="mt-6 grid gap-4 md:grid-cols-3">
        {large.map((topic) => (
          <li key={topic.rank}>
            <Link
              to={topicPath(topic)}
              className="group relative block aspect-[16/10] overflow-hidden rounded-2xl bg-zinc-200 dark:bg-zinc-800"
            >
              {posters[topic.posterClipId] ? (
                <img
                  src={posters[topic.posterClipId]}
                  alt=""
                  width={640}
                  height={360}
                  loading="lazy"
                  className="absolute inset-0 size-full object-cover transition duration-500 group-hover:scale-105"
                />
              ) : null}
              <span className="absolute inset-0 bg-gradient-to-t from-black/80 via-black/20 to-transparent" />
              <span className="absolute top-3 left-3 grid size-9 place-items-center rounded-full bg-brand-700 text-sm font-bold text-white">
                {topic.rank}
              </span>
              <span className="absolute inset-x-0 bottom-0 p-4 text-xl font-bold text-white">
                {title(topic)}
              </span>
            </Link>
          </li>
        ))}
      </ol>
      <ol
        start={TOP_SEARCHES_LARGE + 1}
        className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7"
      >
        {small.map((topic) => (
          <li key={topic.rank}>
            <Link
              to={topicPath(topic)}
              className="group flex items-center gap-3 rounded-xl border border-zinc-200 bg-white p-2 transition hover:border-brand-500 dark:border-zinc-800 dark:bg-zinc-900"
            >
              {posters[topic.posterClipId] ? (
                <img
                  src={posters[topic.posterClipId]}
                  alt=""
                  width={48}
                  height={48}
                  loading="lazy"
                  className="size-12 shrink-0 rounded-lg object-cover"
                />
              ) : (
                <span className="size-12 shrink-0 rounded-lg bg-zinc-200 dark:bg-zinc-800" />
              )}
              <span className="min-w-0">
                <span className="block text-xs font-semibold text-brand-700 dark:text-brand-400">
                  #{topic.rank}
                </span>
                <span className="block text-sm leading-tight font-semibold">{title(topic)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
