import { isRouteErrorResponse } from "react-router";
import { buttonClass } from "~/components/button";
import { Link } from "~/components/link";
import { useT } from "~/platform/i18n/i18n";

/**
 * The page for an address that leads nowhere: an unknown path, or a language we do not speak
 * (`/xx/videos`, refused by the site layout), which look alike.
 */
export function NotFoundPage() {
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

/** A friendly error page: never a stack trace. */
export function ErrorPage({ status, message }: { status: number; message?: string }) {
  const t = useT();
  if (status === 404)
    return (
      <>
        <title>{`${t("common.error.notFoundTitle")} · Verdeo`}</title>
        <NotFoundPage />
      </>
    );
  const unavailable = status === 503;
  const badRequest = status === 400;
  const title = unavailable
    ? t("common.error.unavailableTitle")
    : status === 404
      ? t("common.error.notFoundTitle")
      : badRequest
        ? t("common.error.badRequestTitle")
        : t("common.error.title");
  const text = unavailable
    ? t("common.error.unavailableText")
    : status === 404
      ? t("common.error.notFoundText")
      : badRequest
        ? (message ?? t("common.error.badRequestText"))
        : t("common.error.text");
  return (
    <main className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center gap-4 px-6 py-24 text-center">
      <title>{`${title} · Verdeo`}</title>
      <p className="text-6xl font-black text-brand-600 dark:text-brand-400">{status}</p>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-zinc-600 dark:text-zinc-400">{text}</p>
      <Link to="/" className={buttonClass("primary")}>
        {t("common.goHome")}
      </Link>
    </main>
  );
}

/** The status of whatever a route threw, and the sentence that came with a 400 (bad input). */
export function errorPageProps(error: unknown): { status: number; message?: string } {
  if (!isRouteErrorResponse(error)) return { status: 500 };
  const message = error.status === 400 && typeof error.data === "string" ? error.data : undefined;
  return message ? { status: error.status, message } : { status: error.status };
}
