import { THEME_STORAGE_KEY } from "~/constants";
import type { Theme } from "./roles";

/**
 * The theme lives in localStorage under `verdeo-theme` and is mirrored in a cookie
 * of the same name so the server renders the right class and the page never flashes.
 */
export const THEME_COOKIE = THEME_STORAGE_KEY;

export function parseTheme(value: string | null | undefined): Theme {
  return value === "dark" ? "dark" : "light";
}

/** Applies a theme in the browser: class on <html>, localStorage and the cookie mirror. */
export function applyTheme(theme: Theme) {
  document.documentElement.classList.toggle("dark", theme === "dark");
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private mode may refuse storage; the cookie still carries the choice.
  }
  // biome-ignore lint/suspicious/noDocumentCookie: the cookie mirror is what lets the server render the theme
  document.cookie = `${THEME_COOKIE}=${theme}; path=/; max-age=31536000; samesite=lax`;
}

/**
 * Runs before first paint. A signed-in user's saved preference (rendered by the server) wins and is
 * written locally; otherwise localStorage decides, as the spec says.
 */
export function themeBootScript(accountTheme: Theme | null) {
  return `(function(){try{var k=${JSON.stringify(THEME_STORAGE_KEY)};var a=${JSON.stringify(accountTheme)};var t=a||(localStorage.getItem(k)==="dark"?"dark":"light");document.documentElement.classList.toggle("dark",t==="dark");localStorage.setItem(k,t);document.cookie=k+"="+t+"; path=/; max-age=31536000; samesite=lax"}catch(e){}})();`;
}
