import { Link } from "react-router";
import { buttonClass } from "~/components/button";

/** A friendly error page: never a stack trace. */
export function ErrorPage({ status }: { status: number }) {
  const unavailable = status === 503;
  const title = unavailable
    ? "Verdeo will be right back"
    : status === 404
      ? "Page not found"
      : "Something went wrong";
  const text = unavailable
    ? "We can't reach our database right now. Please try again in a moment."
    : status === 404
      ? "This page doesn't exist (yet)."
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
