import { data, Link } from "react-router";
import { buttonClass } from "~/components/button";
import { pageMeta } from "~/components/meta";

export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => pageMeta("Page not found", "This page doesn't exist (yet).");

export default function NotFound() {
  return (
    <main className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center gap-5 px-6 py-24 text-center">
      <p className="bg-gradient-to-br from-brand-500 to-emerald-800 bg-clip-text text-8xl font-black text-transparent sm:text-9xl">
        404
      </p>
      <h1 className="text-2xl font-bold">This page doesn't exist (yet).</h1>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClass("primary")}>
          Go Home
        </Link>
        <Link to="/search?q=Technology" className={buttonClass("secondary")}>
          Explore Videos
        </Link>
      </div>
    </main>
  );
}
