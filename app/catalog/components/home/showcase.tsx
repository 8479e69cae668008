import { ButtonLink } from "~/components/button";
import { SHOWCASE_PLAY_VISIBILITY } from "~/constants";
import { BENEFITS, NICHE_BROWSER_ID, SHOWCASES } from "../../clips/catalog-content";
import { AutoplayVideo } from "./autoplay-video";
import type { PreviewClip } from "./preview-rows";

/** Section 4: three showcase cards (their videos play at 30% visibility), benefits, closing call. */
export function Showcase({ clips }: { clips: PreviewClip[] }) {
  return (
    <section aria-labelledby="what-you-can-create" className="bg-zinc-50 py-16 dark:bg-zinc-900/40">
      <div className="mx-auto max-w-[1400px] px-4 sm:px-6">
        <h2 id="what-you-can-create" className="text-2xl font-bold tracking-tight sm:text-3xl">
          What you can create
        </h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {SHOWCASES.map((showcase) => {
            const clip = clips.find((item) => item.id === showcase.clipId);
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
                  <h3 className="text-lg font-bold">{showcase.title}</h3>
                  <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{showcase.text}</p>
                  {showcase.shotList ? (
                    <ol className="mt-3 grid grid-cols-2 gap-2 text-xs">
                      {showcase.shotList.map((shot, index) => (
                        <li
                          key={shot}
                          className="rounded-lg bg-brand-50 px-2 py-1.5 font-medium text-brand-900 dark:bg-brand-950 dark:text-brand-100"
                        >
                          {index + 1}. {shot}
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
          {BENEFITS.map((benefit) => (
            <li key={benefit.title}>
              <p className="font-bold text-white">{benefit.title}</p>
              <p className="mt-1 text-sm text-brand-100">{benefit.text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-12 text-center">
          <p className="text-2xl font-bold tracking-tight">Ready to find your next shot?</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <ButtonLink to="/videos">Explore Videos</ButtonLink>
            <ButtonLink to={`/videos#${NICHE_BROWSER_ID}`} variant="secondary">
              Browse Niches
            </ButtonLink>
          </div>
        </div>
      </div>
    </section>
  );
}
