import { Outlet } from "react-router";
import type { Route } from "./+types/site-layout";
import { ErrorPage, errorPageProps } from "./error-page";
import { Footer } from "./footer";
import { Header } from "./header";
import { useShellData } from "./shell-data";

/** Every page inside the header and footer. */
function Shell({ children }: { children: React.ReactNode }) {
  const root = useShellData();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded focus:bg-white focus:px-3 focus:py-2 dark:focus:bg-zinc-900"
      >
        Skip to content
      </a>
      <Header user={root?.user ?? null} />
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
