import { Outlet } from "react-router";
import { getOptionalUser } from "~/accounts/auth/session.server";
import type { HeaderUser } from "~/accounts/profiles/header-user";
import { pageLocaleOrAnswer } from "~/platform/http/page-locale.server";
import { usePersonal } from "~/platform/http/personal-regions";
import { useT } from "~/platform/i18n/i18n";
import type { Route } from "./+types/site-layout";
import { ErrorPage, errorPageProps } from "./error-page";
import { Footer } from "./footer";
import { Header } from "./header";
import { useShellData } from "./shell-data";

/**
 * Every page's language is in its address (docs/decisions/0033-interface-languages.md): a page
 * without one is sent to the visitor's language when it is not English, `/en/…` to its address at
 * the root, and an unknown language is a page that does not exist.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = params.lang === undefined ? await getOptionalUser(request, context) : null;
  pageLocaleOrAnswer(request, params.lang, user?.language ?? null);
  return null;
}

/** Every page inside the header and footer. */
function Shell({ children }: { children: React.ReactNode }) {
  const root = useShellData();
  // A cached public page was hydrated with the anonymous visitor's root data: the page's personal block wins.
  const user = usePersonal<HeaderUser | null>("user", root, root?.user ?? null);
  const t = useT();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded focus:bg-white focus:px-3 focus:py-2 dark:focus:bg-zinc-900"
      >
        {t("common.skipToContent")}
      </a>
      <Header user={user} />
      <div id="main" className="flex-1 pt-16">
        {children}
      </div>
      <Footer currency={root?.currency ?? "EUR"} />
    </div>
  );
}

export default function SiteLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Shell>
      <ErrorPage {...errorPageProps(error)} />
    </Shell>
  );
}
