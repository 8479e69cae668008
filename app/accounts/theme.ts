import { THEME_STORAGE_KEY } from "~/constants";
import type { Theme } from "./roles";

/**
 * The theme lives in localStorage under `verdeo-theme` and is mirrored in a cookie
 * of the same name so the server renders the right class and the page never flashes.
 */
export const THEME_COOKIE = THEME_STORAGE_KEY;

/** A year, on every path, sent on top-level navigations from other sites too (so the first paint is right). */
const THEME_COOKIE_ATTRIBUTES = "path=/; max-age=31536000; samesite=lax";

/** The cookie line that remembers `theme`, for Set-Cookie and for document.cookie alike. */
export function themeCookie(theme: Theme) {
  return `${THEME_COOKIE}=${theme}; ${THEME_COOKIE_ATTRIBUTES}`;
}

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
  document.cookie = themeCookie(theme);
}

/**
 * Runs before first paint. A signed-in user's saved preference (rendered by the server) wins and is
 * written locally; otherwise localStorage decides, as the spec says.
 */
export function themeBootScript(accountTheme: Theme | null) {
  return `(function(){try{var k=${JSON.stringify(THEME_STORAGE_KEY)};var a=${JSON.stringify(accountTheme)};var t=a||(localStorage.getItem(k)==="dark"?"dark":"light");document.documentElement.classList.toggle("dark",t==="dark");localStorage.setItem(k,t);document.cookie=${JSON.stringify(`${THEME_COOKIE}=`)}+t+${JSON.stringify(`; ${THEME_COOKIE_ATTRIBUTES}`)}}catch(e){}})();`;
}
