import { APPLICATION_TEXTS, CreatorApplicationSchema } from "~/accounts/applications/creator-application";
import {
  findApplicationState,
  submitCreatorApplication,
} from "~/accounts/applications/creator-applications.server";
import { getOptionalUser } from "~/accounts/auth/session.server";
import { can } from "~/accounts/people/permissions";
import { ButtonLink } from "~/components/button";
import { Link } from "~/components/link";
import { pageMeta } from "~/components/meta";
import { PRODUCT_NAME, STANDARD_LICENSE_VIEW_CAP } from "~/constants";
import { payoutTermLines } from "~/payouts/details/payout-terms";
import { payoutTerms } from "~/payouts/details/payout-terms.server";
import { formReply, replyMessage } from "~/platform/http/form-reply";
import { parseForm, replyWith } from "~/platform/http/forms.server";
import type { RouteHandle } from "~/platform/http/route-handle";
import { redirectWithToast } from "~/platform/http/toast.server";
import { CreatorApply } from "../components/creator-apply";
import { FeatureCard, Icon, Step } from "../components/feature-card";
import { attributionLine } from "../legal/licensing";
import { royaltyShare, UPLOAD_IN_STUDIO } from "../texts";
import type { Route } from "./+types/creators-hub";

/** Every anonymous visitor sees this page alike: the server may answer from a copy a few seconds old. */
export const handle: RouteHandle = { cache: "public-page" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getOptionalUser(request, context);
  const terms = payoutTerms();
  return {
    /** The creator's share of each license, said before anyone applies. */
    royaltyPercent: terms.royaltyPercent,
    /** How and when creators are paid: the window, the threshold, the methods (all from config). */
    payoutTerms: payoutTermLines(terms),
    apply: {
      signedIn: user !== null,
      isCreator: user !== null && can(user.role, "studio:use"),
      application: user && user.role === "user" ? await findApplicationState(user.id) : null,
    },
  };
}

/** The "Become a creator" form. */
export async function action({ request }: Route.ActionArgs) {
  const user = await getOptionalUser(request);
  if (!user) return replyWith(formReply(APPLICATION_TEXTS.notSignedIn), 401);
  const parsed = await parseForm(request, CreatorApplicationSchema);
  if (!parsed.ok) return replyWith(parsed.reply);
  const result = await submitCreatorApplication({ user, application: parsed.data });
  if (result.ok)
    return redirectWithToast("/creators-hub#apply", {
      message: APPLICATION_TEXTS.submitted,
      type: "success",
    });
  const refused = {
    already_creator: APPLICATION_TEXTS.alreadyCreator,
    already_pending: APPLICATION_TEXTS.alreadyPending,
  }[result.reason];
  return replyWith(formReply(refused, { values: parsed.values }), 409);
}

export const meta = () =>
  pageMeta(
    "For Creators",
    `License your footage on ${PRODUCT_NAME}: keep your copyright and reach buyers looking for clips like yours.`,
  );

const LINK = "font-medium text-brand-700 underline dark:text-brand-400";

export default function CreatorsHub({ loaderData, actionData }: Route.ComponentProps) {
  const { royaltyPercent, payoutTerms: terms, apply } = loaderData;
  return (
    <main>
      <section className="relative overflow-hidden border-b border-zinc-200 dark:border-zinc-800">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(50rem_28rem_at_80%_-10%,var(--color-brand-100),transparent)] dark:bg-[radial-gradient(50rem_28rem_at_80%_-10%,color-mix(in_oklab,var(--color-brand-900)_60%,transparent),transparent)]"
        />
        <div className="relative mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-24">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700 dark:text-brand-400">
            Creators Hub
          </p>
          <h1 className="mt-4 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            Your footage, licensed. Your copyright, kept.
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-pretty text-zinc-600 dark:text-zinc-400">
            {PRODUCT_NAME} puts your clips in front of brands, agencies and makers who need footage for ads,
            websites and social reels. You keep the rights to your work; we handle the licensing.
          </p>
          <p className="mt-4 max-w-2xl text-lg font-semibold text-pretty text-brand-800 dark:text-brand-300">
            {royaltyShare(royaltyPercent)}
          </p>
          {apply.isCreator ? (
            <div className="mt-8 flex flex-wrap items-center gap-3">
              <ButtonLink to="/studio">Open the studio</ButtonLink>
              <ButtonLink to="/studio/earnings" variant="secondary">
                Your earnings
              </ButtonLink>
            </div>
          ) : (
            <div className="mt-8">
              <ButtonLink to="#apply">Apply as a creator</ButtonLink>
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
              {UPLOAD_IN_STUDIO}
            </h2>
            <p className="mt-2 text-zinc-700 dark:text-zinc-300">
              {apply.isCreator
                ? "Drop your clips into the studio: uploads resume after a dropped connection, and we make the previews, posters and metadata for you."
                : "Creators upload in the studio: resumable uploads, automatic previews and metadata, and a review before clips go live. Apply above to get access."}
            </p>
          </div>
          {apply.isCreator ? <ButtonLink to="/studio">Open the studio</ButtonLink> : null}
        </div>
      </section>

      <section aria-labelledby="what-you-get" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <h2 id="what-you-get" className="text-3xl font-bold tracking-tight">
          What you get
        </h2>
        <div className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          <FeatureCard icon="shield" title="You keep the copyright">
            Clips on {PRODUCT_NAME} are licensed, never sold. By uploading, you let us license your work to
            buyers; the footage stays yours.
          </FeatureCard>
          <FeatureCard icon="scale" title="Two clear licenses">
            Buyers get a Standard license (social media and websites, up to {STANDARD_LICENSE_VIEW_CAP} views)
            or an Extended license (ads, film and broadcast). Nobody may resell your clips.{" "}
            <Link to="/licensing" className={LINK}>
              How licensing works
            </Link>
          </FeatureCard>
          <FeatureCard icon="search" title="Found by the right buyers">
            Your clips appear in Explore and in search, organised by niche, mood, orientation and colour tone,
            so people looking for your kind of shot find it.
          </FeatureCard>
          <FeatureCard icon="user" title="Your name on your work">
            A public profile with your clips and a Certified Creator badge. Buyers who credit you use the line
            “{attributionLine("your username")}”.
          </FeatureCard>
        </div>
      </section>

      <section aria-labelledby="how-you-get-paid" className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
        <div className="rounded-3xl border border-zinc-200 p-8 dark:border-zinc-800">
          <h2 id="how-you-get-paid" className="text-3xl font-bold tracking-tight">
            How you get paid
          </h2>
          <p className="mt-4 max-w-3xl text-lg font-semibold text-brand-800 dark:text-brand-300">
            {royaltyShare(royaltyPercent)}
          </p>
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
            How your clips reach buyers
          </h2>
          <ol className="mt-10 grid gap-6 md:grid-cols-3">
            <Step number={1} title="You publish a clip">
              With a title, a description and its niche and mood, so it lands in the right corner of the
              catalogue.
            </Step>
            <Step number={2} title="Buyers discover it">
              They browse Explore, search by topic and preview your clip, then open its page to see your
              profile.
            </Step>
            <Step number={3} title="They license it">
              Buyers choose a plan on the{" "}
              <Link to="/pricing" className={LINK}>
                Pricing page
              </Link>{" "}
              and use your clip within the license it grants, with your copyright intact.
            </Step>
          </ol>
        </div>
      </section>

      <section className="mx-auto max-w-4xl px-4 py-20 text-center sm:px-6">
        <h2 className="text-3xl font-bold tracking-tight">Questions before you join?</h2>
        <p className="mx-auto mt-4 max-w-xl text-zinc-600 dark:text-zinc-400">
          Read how we license footage, or write to us. A person on our team answers every message.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <ButtonLink to="/licensing">Video Licensing</ButtonLink>
          <ButtonLink to="/contact" variant="secondary">
            Contact Us
          </ButtonLink>
        </div>
      </section>
    </main>
  );
}
