import { getOptionalUser } from "~/accounts/auth/session.server";
import { displayName } from "~/accounts/profiles/display-name";
import { ButtonLink } from "~/components/button";
import { pageMeta } from "~/components/meta";
import { PRODUCT_NAME } from "~/constants";
import { Icon } from "../components/feature-card";
import { WELCOME_HEADING } from "../texts";
import type { Route } from "./+types/welcome";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getOptionalUser(request, context);
  return { name: user ? displayName(user) : null };
}

export const meta = () => pageMeta("Welcome", `Your ${PRODUCT_NAME} account is ready.`);

export default function Welcome({ loaderData }: Route.ComponentProps) {
  const { name } = loaderData;
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
          <p className="mt-8 text-sm font-semibold text-brand-700 dark:text-brand-400">Hi {name},</p>
        ) : null}
        <h1 className={`${name ? "mt-2" : "mt-8"} text-4xl font-bold tracking-tight sm:text-5xl`}>
          {WELCOME_HEADING}
        </h1>
        <p className="mt-5 max-w-xl text-lg text-pretty text-zinc-600 dark:text-zinc-400">
          Your account is ready. Start with a few nature clips to see what {PRODUCT_NAME} has to offer, or
          finish setting up your profile with a username and a picture.
        </p>
        <div className="mt-10 flex flex-wrap justify-center gap-3">
          <ButtonLink to="/search?q=Nature" className="px-6 py-3">
            Explore Nature clips
          </ButtonLink>
          <ButtonLink to="/account" variant="secondary" className="px-6 py-3">
            Set up your account
          </ButtonLink>
        </div>
        <p className="mt-10 text-sm text-zinc-600 dark:text-zinc-400">
          Saving a clip for later keeps it on your profile, under Saved.
        </p>
      </div>
    </main>
  );
}
