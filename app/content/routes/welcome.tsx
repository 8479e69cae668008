import { getOptionalUser } from "~/accounts/auth/session.server";
import { displayName } from "~/accounts/profiles/display-name";
import { ButtonLink } from "~/components/button";
import { pageMeta } from "~/components/meta";
import { messagesFor } from "~/platform/i18n/catalogues.server";
import { makeI18n, useT } from "~/platform/i18n/i18n";
import { pageLocaleOf } from "~/platform/i18n/page-locale";
import { Icon } from "../components/feature-card";
import type { Route } from "./+types/welcome";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await getOptionalUser(request, context);
  return {
    name: user ? displayName(user) : null,
    messages: messagesFor(pageLocaleOf(params), ["content"]),
  };
}

export const meta = ({ params, data }: Route.MetaArgs) => {
  const { t } = makeI18n(pageLocaleOf(params), data?.messages ?? {});
  return pageMeta(t("content.welcome.metaTitle"), t("content.welcome.metaDescription"));
};

export default function Welcome({ loaderData }: Route.ComponentProps) {
  const { name } = loaderData;
  const t = useT();
  return (
    <main className="relative overflow-hidden">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(40rem_24rem_at_50%_0%,var(--color-brand-100),transparent)] dark:bg-[radial-gradient(40rem_24rem_at_50%_0%,color-mix(in_oklab,var(--color-brand-900)_55%,transparent),transparent)]"
      />
      <div className="relative mx-auto flex min-h-[70vh] max-w-2xl flex-col items-center justify-center px-6 py-20 text-center">
        <span className="grid size-16 place-items-center rounded-2xl bg-brand-700 text-white shadow-lg shadow-brand-700/20 dark:bg-brand-500 dark:text-zinc-950">
          <Icon name="check" className="size-8" />
        </span>
        {name ? (
          <p className="mt-8 text-sm font-semibold text-brand-700 dark:text-brand-400">
            {t("content.welcome.hi", { name })}
          </p>
        ) : null}
        <h1 className={`${name ? "mt-2" : "mt-8"} text-4xl font-bold tracking-tight sm:text-5xl`}>
          {t("content.welcome.heading")}
        </h1>
        <p className="mt-5 max-w-xl text-lg text-pretty text-zinc-600 dark:text-zinc-400">
          {t("content.welcome.body")}
        </p>
        <div className="mt-10 flex flex-wrap justify-center gap-3">
          <ButtonLink to="/search?q=Nature" className="px-6 py-3">
            {t("content.welcome.exploreNature")}
          </ButtonLink>
          <ButtonLink to="/account" variant="secondary" className="px-6 py-3">
            {t("content.welcome.setUp")}
          </ButtonLink>
        </div>
        <p className="mt-10 text-sm text-zinc-600 dark:text-zinc-400">{t("content.welcome.saved")}</p>
      </div>
    </main>
  );
}
