import { THEME_STORAGE_KEY } from "~/constants";
import type { Theme } from "../people/roles";

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
 * Runs in <head>, before first paint. A signed-in user's saved preference (rendered by the server)
 * wins and is written locally; else the person's own choice (localStorage, or its cookie mirror);
 * else, until they choose, the system's `prefers-color-scheme`, followed live and never stored (a
 * stored value would freeze the system's setting of the first visit into a choice nobody made).
 * The server cannot see the system setting, so it renders light and this script corrects the class
 * before anything is painted. The media query list is kept on window: one that nothing references
 * may be collected, and its change listener with it.
 */
export function themeBootScript(accountTheme: Theme | null) {
  const cookie = JSON.stringify(`${THEME_COOKIE}=`);
  const attributes = JSON.stringify(`; ${THEME_COOKIE_ATTRIBUTES}`);
  return `(function(){try{var k=${JSON.stringify(THEME_STORAGE_KEY)};var a=${JSON.stringify(accountTheme)};var d=document.documentElement;var chosen=function(){var s=localStorage.getItem(k);if(s==="dark"||s==="light")return s;var m=document.cookie.match(/(?:^|;\\s*)${THEME_COOKIE}=(dark|light)/);return m?m[1]:null};var t=a||chosen();if(t){d.classList.toggle("dark",t==="dark");localStorage.setItem(k,t);document.cookie=${cookie}+t+${attributes};return}var q=matchMedia("(prefers-color-scheme: dark)");window.__verdeoColorScheme=q;d.classList.toggle("dark",q.matches);q.addEventListener("change",function(e){if(!chosen())d.classList.toggle("dark",e.matches)})}catch(e){}})();`;
}
