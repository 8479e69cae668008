import { ButtonLink } from "~/components/button";
import { Link } from "~/components/link";
import { pageMeta } from "~/components/meta";
import { COMPANY_COUNTRY, PRODUCT_NAME, STANDARD_LICENSE_VIEW_CAP } from "~/constants";
import type { RouteHandle } from "~/platform/http/route-handle";
import { FeatureCard, Step } from "../components/feature-card";

/** Every anonymous visitor sees this page alike: the server may answer from a copy a few seconds old. */
export const handle: RouteHandle = { cache: "public-page" };

export const meta = () =>
  pageMeta(
    `About ${PRODUCT_NAME}`,
    `${PRODUCT_NAME} is a stock-video marketplace that is fair to the people who film and simple for the people who buy.`,
  );

export default function About() {
  return (
    <main>
      <section className="relative overflow-hidden border-b border-zinc-200 dark:border-zinc-800">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_50%_-10%,var(--color-brand-100),transparent)] dark:bg-[radial-gradient(60rem_30rem_at_50%_-10%,color-mix(in_oklab,var(--color-brand-900)_60%,transparent),transparent)]"
        />
        <div className="relative mx-auto max-w-4xl px-4 py-20 text-center sm:px-6 sm:py-28">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700 dark:text-brand-400">
            About {PRODUCT_NAME}
          </p>
          <h1 className="mt-4 text-4xl font-bold tracking-tight text-balance sm:text-6xl">
            Footage that moves your story forward.
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-zinc-600 dark:text-zinc-400">
            {PRODUCT_NAME} is a stock-video marketplace for brand ads, website heroes and social reels. We are
            a small team in {COMPANY_COUNTRY} building the place we wanted as filmmakers and marketers:
            curated clips, licenses you can read in two minutes, and a fair deal for the people behind the
            camera.
          </p>
          <div className="mt-10 flex flex-wrap justify-center gap-3">
            <ButtonLink to="/videos" className="px-6 py-3">
              Explore Videos
            </ButtonLink>
            <ButtonLink to="/creators-hub" variant="secondary" className="px-6 py-3">
              Become a Creator
            </ButtonLink>
          </div>
        </div>
      </section>

      <section aria-labelledby="believe" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <h2 id="believe" className="text-center text-3xl font-bold tracking-tight">
          What we believe
        </h2>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          <FeatureCard icon="film" title="Curated, not crowded">
            Every clip is chosen to be useful in real work: clean, well-lit footage organised by niche and
            mood, so you spend minutes finding a shot, not an afternoon.
          </FeatureCard>
          <FeatureCard icon="scale" title="Licensing you can read">
            Two licenses, in plain words. Standard covers social media and websites up to{" "}
            {STANDARD_LICENSE_VIEW_CAP} views; Extended covers ads, film and broadcast.{" "}
            <Link to="/licensing" className="font-medium text-brand-700 underline dark:text-brand-400">
              Read the details
            </Link>
            .
          </FeatureCard>
          <FeatureCard icon="heart" title="Fair to creators">
            Videos are licensed, never sold: creators keep the copyright to their work, and their name travels
            with it.
          </FeatureCard>
        </div>
      </section>

      <section
        aria-labelledby="how"
        className="border-y border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900/40"
      >
        <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
          <h2 id="how" className="text-center text-3xl font-bold tracking-tight">
            How {PRODUCT_NAME} works
          </h2>
          <ol className="mt-10 grid gap-6 md:grid-cols-3">
            <Step number={1} title="Find the shot">
              Search by niche, mood, orientation or colour tone, and preview every clip before you decide.
            </Step>
            <Step number={2} title="Pick a plan">
              Choose the plan that fits your project on the{" "}
              <Link to="/pricing" className="font-medium text-brand-700 underline dark:text-brand-400">
                Pricing page
              </Link>{" "}
              and place your order. We confirm the details with you by email.
            </Step>
            <Step number={3} title="Create">
              Edit, crop and cut the footage into your ad, site or reel, within the license your plan grants.
            </Step>
          </ol>
        </div>
      </section>

      <section className="mx-auto max-w-4xl px-4 py-20 text-center sm:px-6">
        <h2 className="text-3xl font-bold tracking-tight">Ready to find your next shot?</h2>
        <p className="mx-auto mt-4 max-w-xl text-zinc-600 dark:text-zinc-400">
          Browse the catalogue, or tell us about your footage if you film for a living.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <ButtonLink to="/videos">Explore Videos</ButtonLink>
          <ButtonLink to="/creators-hub" variant="secondary">
            Visit the Creators Hub
          </ButtonLink>
        </div>
      </section>
    </main>
  );
}
