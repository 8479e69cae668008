import { data } from "react-router";
import { buttonClass } from "~/components/button";
import { Link } from "~/components/link";
import { pageMeta } from "~/components/meta";
import { useT } from "~/platform/i18n/i18n";

export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => pageMeta("Page not found", "This page doesn't exist (yet).");

export default function NotFound() {
  const t = useT();
  return (
    <main className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center gap-5 px-6 py-24 text-center">
      <p className="bg-gradient-to-br from-brand-500 to-emerald-800 bg-clip-text text-8xl font-black text-transparent sm:text-9xl">
        404
      </p>
      <h1 className="text-2xl font-bold">{t("common.error.notFoundText")}</h1>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClass("primary")}>
          {t("common.goHome")}
        </Link>
        <Link to="/search?q=Technology" className={buttonClass("secondary")}>
          {t("common.exploreVideos")}
        </Link>
      </div>
    </main>
  );
}
