import { useFetcher, useRouteLoaderData } from "react-router";
import type { Theme } from "~/accounts/roles";
import type { loader as rootLoader } from "~/root";
import { applyTheme } from "./theme";

/** Flips the theme at once; a signed-in user's choice is also saved to their profile. */
export function ThemeToggle() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const fetcher = useFetcher();
  const current: Theme = (fetcher.formData?.get("theme") as Theme | undefined) ?? root?.theme ?? "light";

  const toggle = () => {
    const next: Theme = document.documentElement.classList.contains("dark") ? "light" : "dark";
    applyTheme(next);
    fetcher.submit({ theme: next }, { method: "post", action: "/resources/theme" });
  };

  const isDark = current === "dark";
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label={isDark ? "Switch to light theme" : "Switch to dark theme"}
      data-testid="theme-toggle"
      className="grid size-10 place-items-center rounded-full text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
    >
      <svg
        viewBox="0 0 24 24"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden
      >
        {isDark ? (
          <path d="M12 3v2m0 14v2m9-9h-2M5 12H3m15.364-6.364-1.414 1.414M7.05 16.95l-1.414 1.414m12.728 0-1.414-1.414M7.05 7.05 5.636 5.636M16 12a4 4 0 1 1-8 0 4 4 0 0 1 8 0Z" />
        ) : (
          <path d="M21 12.79A9 9 0 1 1 11.21 3 7 7 0 0 0 21 12.79Z" />
        )}
      </svg>
    </button>
  );
}
