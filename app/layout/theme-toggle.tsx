import { useFetcher } from "react-router";
import type { Theme } from "~/accounts/people/roles";
import { applyTheme } from "~/accounts/profiles/theme";
import { MoonIcon, SunIcon } from "~/components/icons";
import { useT } from "~/platform/i18n/i18n";

/**
 * Flips the theme at once; a signed-in user's choice is also saved to their profile. What it shows
 * follows the class on <html> through CSS, not the server's guess: before anyone chooses, the page
 * follows the system's dark preference, which only the browser knows.
 */
export function ThemeToggle() {
  const fetcher = useFetcher();
  const t = useT();

  const toggle = () => {
    const next: Theme = document.documentElement.classList.contains("dark") ? "light" : "dark";
    applyTheme(next);
    fetcher.submit({ theme: next }, { method: "post", action: "/resources/theme" });
  };

  return (
    <button
      type="button"
      onClick={toggle}
      data-testid="theme-toggle"
      className="grid size-10 place-items-center rounded-full text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
    >
      <span className="dark:hidden">
        <MoonIcon className="size-5" />
        <span className="sr-only">{t("common.theme.toDark")}</span>
      </span>
      <span className="hidden dark:inline">
        <SunIcon className="size-5" />
        <span className="sr-only">{t("common.theme.toLight")}</span>
      </span>
    </button>
  );
}
