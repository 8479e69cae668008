import type { ReactNode } from "react";
import { ButtonLink } from "~/components/button";
import { Link } from "~/components/link";
import { pageMeta } from "~/components/meta";
import type { RouteHandle } from "~/platform/http/route-handle";
import { messagesFor } from "~/platform/i18n/catalogues.server";
import { makeI18n, useI18n } from "~/platform/i18n/i18n";
import { pageLocaleOf } from "~/platform/i18n/page-locale";
import { FeatureCard, Step } from "../components/feature-card";
import type { Route } from "./+types/about";

/** Every anonymous visitor sees this page alike: the server may answer from a copy a few seconds old. */
export const handle: RouteHandle = { cache: "public-page" };

export function loader({ params }: Route.LoaderArgs) {
  return { messages: messagesFor(pageLocaleOf(params), ["content"]) };
}

export const meta = ({ params, data }: Route.MetaArgs) => {
  const { t } = makeI18n(pageLocaleOf(params), data?.messages ?? {});
  return pageMeta(t("content.about.metaTitle"), t("content.about.metaDescription"));
};

const LINK = "font-medium text-brand-700 underline dark:text-brand-400";

export default function About() {
  const { t, rich } = useI18n();
  const link = (to: string) => (chunks: ReactNode) => (
    <Link key={to} to={to} className={LINK}>
      {chunks}
    </Link>
  );
  return (
    <main>
      <section className="relative overflow-hidden border-b border-zinc-200 dark:border-zinc-800">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_50%_-10%,var(--color-brand-100),transparent)] dark:bg-[radial-gradient(60rem_30rem_at_50%_-10%,color-mix(in_oklab,var(--color-brand-900)_60%,transparent),transparent)]"
        />
        <div className="relative mx-auto max-w-4xl px-4 py-20 text-center sm:px-6 sm:py-28">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700 dark:text-brand-400">
            {t("content.about.eyebrow")}
          </p>
          <h1 className="mt-4 text-4xl font-bold tracking-tight text-balance sm:text-6xl">
            {t("content.about.heading")}
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-zinc-600 dark:text-zinc-400">
            {t("content.about.intro")}
          </p>
          <div className="mt-10 flex flex-wrap justify-center gap-3">
            <ButtonLink to="/videos" className="px-6 py-3">
              {t("content.about.exploreVideos")}
            </ButtonLink>
            <ButtonLink to="/creators-hub" variant="secondary" className="px-6 py-3">
              {t("content.about.becomeCreator")}
            </ButtonLink>
          </div>
        </div>
      </section>

      <section aria-labelledby="believe" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <h2 id="believe" className="text-center text-3xl font-bold tracking-tight">
          {t("content.about.believe.heading")}
        </h2>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          <FeatureCard icon="film" title={t("content.about.believe.curatedTitle")}>
            {t("content.about.believe.curatedBody")}
          </FeatureCard>
          <FeatureCard icon="scale" title={t("content.about.believe.licensingTitle")}>
            {rich("content.about.believe.licensingBody", { link: link("/licensing") })}
          </FeatureCard>
          <FeatureCard icon="heart" title={t("content.about.believe.fairTitle")}>
            {t("content.about.believe.fairBody")}
          </FeatureCard>
        </div>
      </section>

      <section
        aria-labelledby="how"
        className="border-y border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900/40"
      >
        <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
          <h2 id="how" className="text-center text-3xl font-bold tracking-tight">
            {t("content.about.how.heading")}
          </h2>
          <ol className="mt-10 grid gap-6 md:grid-cols-3">
            <Step number={1} title={t("content.about.how.findTitle")}>
              {t("content.about.how.findBody")}
            </Step>
            <Step number={2} title={t("content.about.how.planTitle")}>
              {rich("content.about.how.planBody", { link: link("/pricing") })}
            </Step>
            <Step number={3} title={t("content.about.how.createTitle")}>
              {t("content.about.how.createBody")}
            </Step>
          </ol>
        </div>
      </section>

      <section className="mx-auto max-w-4xl px-4 py-20 text-center sm:px-6">
        <h2 className="text-3xl font-bold tracking-tight">{t("content.about.cta.heading")}</h2>
        <p className="mx-auto mt-4 max-w-xl text-zinc-600 dark:text-zinc-400">
          {t("content.about.cta.body")}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <ButtonLink to="/videos">{t("content.about.exploreVideos")}</ButtonLink>
          <ButtonLink to="/creators-hub" variant="secondary">
            {t("content.about.cta.creatorsHub")}
          </ButtonLink>
        </div>
      </section>
    </main>
  );
}
