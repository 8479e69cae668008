import { useFetcher } from "react-router";
import type { Theme } from "~/accounts/roles";
import { applyTheme } from "~/accounts/theme";
import { MoonIcon, SunIcon } from "~/components/icons";
import { useShellData } from "./shell-data";

/** Flips the theme at once; a signed-in user's choice is also saved to their profile. */
export function ThemeToggle() {
  const root = useShellData();
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
      {isDark ? <SunIcon className="size-5" /> : <MoonIcon className="size-5" />}
    </button>
  );
}
