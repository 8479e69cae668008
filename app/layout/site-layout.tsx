import { Outlet } from "react-router";
import type { HeaderUser } from "~/accounts/profiles/header-user";
import { usePersonal } from "~/platform/http/personal-regions";
import type { Route } from "./+types/site-layout";
import { ErrorPage, errorPageProps } from "./error-page";
import { Footer } from "./footer";
import { Header } from "./header";
import { useShellData } from "./shell-data";

/** Every page inside the header and footer. */
function Shell({ children }: { children: React.ReactNode }) {
  const root = useShellData();
  // A cached public page was hydrated with the anonymous visitor's root data: the page's personal block wins.
  const user = usePersonal<HeaderUser | null>("user", root, root?.user ?? null);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded focus:bg-white focus:px-3 focus:py-2 dark:focus:bg-zinc-900"
      >
        Skip to content
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
