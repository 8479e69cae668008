import {
  APPLICATION_MESSAGE_MAX,
  APPLICATION_TEXTS,
  CreatorApplicationSchema,
} from "~/accounts/applications/creator-application";
import {
  findApplicationState,
  submitCreatorApplication,
} from "~/accounts/applications/creator-applications.server";
import { getOptionalUser } from "~/accounts/auth/session.server";
import { can } from "~/accounts/people/permissions";
import { ButtonLink } from "~/components/button";
import { Link } from "~/components/link";
import { pageMeta } from "~/components/meta";
import { formatMoney } from "~/payments/money";
import { PAYOUT_DAY_OF_MONTH, payoutTermLines } from "~/payouts/details/payout-terms";
import { payoutTerms } from "~/payouts/details/payout-terms.server";
import { formReply, replyMessage, translatedReply } from "~/platform/http/form-reply";
import { parseForm, replyWith } from "~/platform/http/forms.server";
import type { RouteHandle } from "~/platform/http/route-handle";
import { redirectWithToast } from "~/platform/http/toast.server";
import { messagesFor } from "~/platform/i18n/catalogues.server";
import { makeI18n, useI18n } from "~/platform/i18n/i18n";
import { spokenLocale } from "~/platform/i18n/locales";
import { pageLocaleOf } from "~/platform/i18n/page-locale";
import { CreatorApply } from "../components/creator-apply";
import { FeatureCard, Icon, Step } from "../components/feature-card";
import { sharePercent } from "../texts";
import type { Route } from "./+types/creators-hub";

/** Every anonymous visitor sees this page alike: the server may answer from a copy a few seconds old. */
export const handle: RouteHandle = { cache: "public-page" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await getOptionalUser(request, context);
  const terms = payoutTerms();
  return {
    /** The creator's share of each license, said before anyone applies. */
    royaltyPercent: terms.royaltyPercent,
    /** How and when creators are paid: the window, the threshold, the methods (all from config). */
    payoutTerms: payoutTermLines(terms),
    /** The same terms as data, said in the page's language. */
    payout: terms,
    apply: {
      signedIn: user !== null,
      isCreator: user !== null && can(user.role, "studio:use"),
      application: user && user.role === "user" ? await findApplicationState(user.id) : null,
    },
    messages: messagesFor(pageLocaleOf(params), ["content"]),
  };
}

/** The application schema's messages (English, shared with its tests), by their catalogue keys. */
const SCHEMA_MESSAGES: Record<string, string> = {
  [APPLICATION_TEXTS.portfolioInvalid]: "content.apply.portfolioInvalid",
  [APPLICATION_TEXTS.messageRequired]: "content.apply.messageRequired",
  [APPLICATION_TEXTS.messageTooLong]: "content.apply.messageTooLong",
  [APPLICATION_TEXTS.termsRequired]: "content.apply.termsRequired",
  [APPLICATION_TEXTS.controlChars]: "content.apply.controlChars",
};

/** A schema message of the form in the page's language (anything else as it is). */
function applicationText(t: (key: string, values?: { max: number }) => string, message: string) {
  const key = SCHEMA_MESSAGES[message];
  return key ? t(key, { max: APPLICATION_MESSAGE_MAX }) : message;
}

/** The "Become a creator" form. */
export async function action({ request, params }: Route.ActionArgs) {
  const locale = pageLocaleOf(params);
  const { t, path } = makeI18n(locale, messagesFor(locale, ["content"]));
  const user = await getOptionalUser(request);
  if (!user) return replyWith(formReply(t("content.apply.notSignedIn")), 401);
  const parsed = await parseForm(request, CreatorApplicationSchema);
  if (!parsed.ok) return replyWith(translatedReply(parsed.reply, (message) => applicationText(t, message)));
  const result = await submitCreatorApplication({
    user,
    application: parsed.data,
    language: spokenLocale(locale),
  });
  if (result.ok)
    return redirectWithToast(path("/creators-hub#apply"), {
      message: t("content.apply.submitted"),
      type: "success",
    });
  const refused = {
    already_creator: t("content.apply.alreadyCreator"),
    already_pending: t("content.apply.pending"),
  }[result.reason];
  return replyWith(formReply(refused, { values: parsed.values }), 409);
}

export const meta = ({ params, data }: Route.MetaArgs) => {
  const { t } = makeI18n(pageLocaleOf(params), data?.messages ?? {});
  return pageMeta(t("content.creators.metaTitle"), t("content.creators.metaDescription"));
};

const LINK = "font-medium text-brand-700 underline dark:text-brand-400";

export default function CreatorsHub({ loaderData, actionData }: Route.ComponentProps) {
  const { royaltyPercent, payout, apply } = loaderData;
  const { t, rich, tag } = useI18n();
  const share = t("content.creators.royaltyShare", { share: sharePercent(tag, royaltyPercent) });
  const link = (to: string) => (chunks: React.ReactNode) => (
    <Link key={to} to={to} className={LINK}>
      {chunks}
    </Link>
  );
  const terms = [
    t("content.creators.paid.pending", { days: payout.refundWindowDays }),
    t("content.creators.paid.monthly", {
      day: PAYOUT_DAY_OF_MONTH,
      threshold: formatMoney(payout.thresholdCents, tag),
    }),
    t("content.creators.paid.methods", { stripe: payout.stripe ? "yes" : "no" }),
    t("content.creators.paid.refunds"),
  ];
  return (
    <main>
      <section className="relative overflow-hidden border-b border-zinc-200 dark:border-zinc-800">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(50rem_28rem_at_80%_-10%,var(--color-brand-100),transparent)] dark:bg-[radial-gradient(50rem_28rem_at_80%_-10%,color-mix(in_oklab,var(--color-brand-900)_60%,transparent),transparent)]"
        />
        <div className="relative mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-24">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700 dark:text-brand-400">
            {t("content.creators.eyebrow")}
          </p>
          <h1 className="mt-4 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            {t("content.creators.heading")}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-pretty text-zinc-600 dark:text-zinc-400">
            {t("content.creators.intro")}
          </p>
          <p className="mt-4 max-w-2xl text-lg font-semibold text-pretty text-brand-800 dark:text-brand-300">
            {share}
          </p>
          {apply.isCreator ? (
            <div className="mt-8 flex flex-wrap items-center gap-3">
              <ButtonLink to="/studio">{t("content.creators.openStudio")}</ButtonLink>
              <ButtonLink to="/studio/earnings" variant="secondary">
                {t("content.creators.earnings")}
              </ButtonLink>
            </div>
          ) : (
            <div className="mt-8">
              <ButtonLink to="#apply">{t("content.creators.apply")}</ButtonLink>
            </div>
          )}
        </div>
      </section>

      <CreatorApply
        state={apply}
        royaltyPercent={royaltyPercent}
        error={actionData ? replyMessage(actionData) : null}
      />

      <section aria-labelledby="upload-studio" className="mx-auto max-w-6xl px-4 pt-16 sm:px-6">
        <div className="flex flex-col gap-6 rounded-3xl border border-brand-200 bg-brand-50 p-8 sm:flex-row sm:items-center dark:border-brand-900 dark:bg-brand-950/40">
          <span className="grid size-14 shrink-0 place-items-center rounded-2xl bg-brand-700 text-white dark:bg-brand-500 dark:text-zinc-950">
            <Icon name="upload" className="size-7" />
          </span>
          <div className="flex-1">
            <h2 id="upload-studio" className="text-2xl font-bold text-brand-900 dark:text-brand-100">
              {t("content.creators.upload.heading")}
            </h2>
            <p className="mt-2 text-zinc-700 dark:text-zinc-300">
              {apply.isCreator
                ? t("content.creators.upload.creatorBody")
                : t("content.creators.upload.visitorBody")}
            </p>
          </div>
          {apply.isCreator ? <ButtonLink to="/studio">{t("content.creators.openStudio")}</ButtonLink> : null}
        </div>
      </section>

      <section aria-labelledby="what-you-get" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <h2 id="what-you-get" className="text-3xl font-bold tracking-tight">
          {t("content.creators.get.heading")}
        </h2>
        <div className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          <FeatureCard icon="shield" title={t("content.creators.get.copyrightTitle")}>
            {t("content.creators.get.copyrightBody")}
          </FeatureCard>
          <FeatureCard icon="scale" title={t("content.creators.get.licensesTitle")}>
            {rich("content.creators.get.licensesBody", { link: link("/licensing") })}
          </FeatureCard>
          <FeatureCard icon="search" title={t("content.creators.get.foundTitle")}>
            {t("content.creators.get.foundBody")}
          </FeatureCard>
          <FeatureCard icon="user" title={t("content.creators.get.nameTitle")}>
            {t("content.creators.get.nameBody")}
          </FeatureCard>
        </div>
      </section>

      <section aria-labelledby="how-you-get-paid" className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
        <div className="rounded-3xl border border-zinc-200 p-8 dark:border-zinc-800">
          <h2 id="how-you-get-paid" className="text-3xl font-bold tracking-tight">
            {t("content.creators.paid.heading")}
          </h2>
          <p className="mt-4 max-w-3xl text-lg font-semibold text-brand-800 dark:text-brand-300">{share}</p>
          <ul className="mt-4 max-w-3xl list-disc space-y-2 pl-5 text-zinc-700 dark:text-zinc-300">
            {terms.map((term) => (
              <li key={term}>{term}</li>
            ))}
          </ul>
        </div>
      </section>

      <section
        aria-labelledby="how-clips-reach-buyers"
        className="border-y border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900/40"
      >
        <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
          <h2 id="how-clips-reach-buyers" className="text-3xl font-bold tracking-tight">
            {t("content.creators.reach.heading")}
          </h2>
          <ol className="mt-10 grid gap-6 md:grid-cols-3">
            <Step number={1} title={t("content.creators.reach.publishTitle")}>
              {t("content.creators.reach.publishBody")}
            </Step>
            <Step number={2} title={t("content.creators.reach.discoverTitle")}>
              {t("content.creators.reach.discoverBody")}
            </Step>
            <Step number={3} title={t("content.creators.reach.licenseTitle")}>
              {rich("content.creators.reach.licenseBody", { link: link("/pricing") })}
            </Step>
          </ol>
        </div>
      </section>

      <section className="mx-auto max-w-4xl px-4 py-20 text-center sm:px-6">
        <h2 className="text-3xl font-bold tracking-tight">{t("content.creators.questions.heading")}</h2>
        <p className="mx-auto mt-4 max-w-xl text-zinc-600 dark:text-zinc-400">
          {t("content.creators.questions.body")}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <ButtonLink to="/licensing">{t("content.creators.questions.licensing")}</ButtonLink>
          <ButtonLink to="/contact" variant="secondary">
            {t("content.creators.questions.contact")}
          </ButtonLink>
        </div>
      </section>
    </main>
  );
}
