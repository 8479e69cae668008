import { ButtonLink } from "~/components/button";
import { SHOWCASE_PLAY_VISIBILITY } from "~/constants";
import { useT } from "~/platform/i18n/i18n";
import { BENEFITS, NICHE_BROWSER_ID, SHOWCASES } from "../../clips/catalog-content";
import { AutoplayVideo } from "./autoplay-video";
import type { PreviewClip } from "./preview-rows";

/** The showcases' and benefits' words, by their English title (catalog-content.ts). */
const SHOWCASE_KEYS: Record<string, { title: string; text: string; shots?: string[] }> = {
  "Brand Ad Starter": {
    title: "catalog.showcase.brandAd.title",
    text: "catalog.showcase.brandAd.text",
    shots: [
      "catalog.showcase.brandAd.shot1",
      "catalog.showcase.brandAd.shot2",
      "catalog.showcase.brandAd.shot3",
      "catalog.showcase.brandAd.shot4",
    ],
  },
  "Website Hero That Pops": {
    title: "catalog.showcase.websiteHero.title",
    text: "catalog.showcase.websiteHero.text",
  },
  "Social Reel in Minutes": {
    title: "catalog.showcase.socialReel.title",
    text: "catalog.showcase.socialReel.text",
  },
};
const BENEFIT_KEYS: Record<string, { title: string; text: string }> = {
  "Curated clips": { title: "catalog.benefit.curated.title", text: "catalog.benefit.curated.text" },
  "Fast, simple downloads": {
    title: "catalog.benefit.downloads.title",
    text: "catalog.benefit.downloads.text",
  },
  "Search by niche and mood": { title: "catalog.benefit.search.title", text: "catalog.benefit.search.text" },
};

/** Section 4: three showcase cards (their videos play at 30% visibility), benefits, closing call. */
export function Showcase({ clips }: { clips: PreviewClip[] }) {
  const t = useT();
  return (
    <section aria-labelledby="what-you-can-create" className="bg-zinc-50 py-16 dark:bg-zinc-900/40">
      <div className="mx-auto max-w-[1400px] px-4 sm:px-6">
        <h2 id="what-you-can-create" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t("catalog.home.whatYouCanCreate")}
        </h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {SHOWCASES.map((showcase) => {
            const clip = clips.find((item) => item.id === showcase.clipId);
            const keys = SHOWCASE_KEYS[showcase.title];
            return (
              <li
                key={showcase.title}
                className="overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
              >
                <div className="aspect-video bg-zinc-200 dark:bg-zinc-800">
                  {clip ? (
                    <AutoplayVideo
                      src={clip.videoUrl}
                      poster={clip.thumbnailUrl}
                      threshold={SHOWCASE_PLAY_VISIBILITY}
                      className="size-full object-cover"
                    />
                  ) : null}
                </div>
                <div className="p-5">
                  <h3 className="text-lg font-bold">{keys ? t(keys.title) : showcase.title}</h3>
                  <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
                    {keys ? t(keys.text) : showcase.text}
                  </p>
                  {showcase.shotList ? (
                    <ol className="mt-3 grid grid-cols-2 gap-2 text-xs">
                      {showcase.shotList.map((shot, index) => (
                        <li
                          key={shot}
                          className="rounded-lg bg-brand-50 px-2 py-1.5 font-medium text-brand-900 dark:bg-brand-950 dark:text-brand-100"
                        >
                          {index + 1}. {keys?.shots?.[index] ? t(keys.shots[index]) : shot}
                        </li>
                      ))}
                    </ol>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
        <ul className="mt-10 grid gap-4 rounded-2xl bg-brand-900 p-6 text-brand-50 sm:grid-cols-3 sm:p-8 dark:bg-brand-950">
          {BENEFITS.map((benefit) => {
            const keys = BENEFIT_KEYS[benefit.title];
            return (
              <li key={benefit.title}>
                <p className="font-bold text-white">{keys ? t(keys.title) : benefit.title}</p>
                <p className="mt-1 text-sm text-brand-100">{keys ? t(keys.text) : benefit.text}</p>
              </li>
            );
          })}
        </ul>
        <div className="mt-12 text-center">
          <p className="text-2xl font-bold tracking-tight">{t("catalog.home.ready")}</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <ButtonLink to="/videos">{t("catalog.home.exploreVideos")}</ButtonLink>
            <ButtonLink to={`/videos#${NICHE_BROWSER_ID}`} variant="secondary">
              {t("catalog.home.browseNiches")}
            </ButtonLink>
          </div>
        </div>
      </div>
    </section>
  );
}
