import { isRouteErrorResponse, Link } from "react-router";
import { buttonClass } from "~/components/button";

/** A friendly error page: never a stack trace. */
export function ErrorPage({ status, message }: { status: number; message?: string }) {
  const unavailable = status === 503;
  const badRequest = status === 400;
  const title = unavailable
    ? "Verdeo will be right back"
    : status === 404
      ? "Page not found"
      : badRequest
        ? "We couldn't use that request"
        : "Something went wrong";
  const text = unavailable
    ? "We can't reach our database right now. Please try again in a moment."
    : status === 404
      ? "This page doesn't exist (yet)."
      : badRequest
        ? (message ?? "Something in the request was not valid. Please check it and try again.")
        : "An unexpected error occurred. Please try again, or go back to the home page.";
  return (
    <main className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center gap-4 px-6 py-24 text-center">
      <title>{`${title} · Verdeo`}</title>
      <p className="text-6xl font-black text-brand-600 dark:text-brand-400">{status}</p>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-zinc-600 dark:text-zinc-400">{text}</p>
      <Link to="/" className={buttonClass("primary")}>
        Go Home
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
