import { CONTROL_CHARACTER } from "~/platform/text/control-characters";

/** Stands in for our own origin while parsing: only the origin comparison matters, not its name. */
const SITE = "https://verdeo.invalid";
/**
 * Where to go after logging in: the `redirectTo` a page asked for, if it is a path on this site.
 * The value is parsed as a URL relative to our origin and kept only if the result is still on our
 * origin; `//host`, `/\host`, `/\t/host` and other look-alike tricks fall back instead.
 */
export function safeRedirectPath(value: string | null | undefined, fallback = "/profile") {
  // Browsers drop tab, CR and LF from URLs and read a backslash as a slash: refuse them outright.
  if (!value?.startsWith("/") || CONTROL_CHARACTER.test(value) || value.includes("\\")) return fallback;
  let url: URL;
  try {
    url = new URL(value, SITE);
  } catch {
    return fallback;
  }
  // "/..//host" normalises to the path "//host", which a browser would read as another host.
  if (url.origin !== SITE || url.pathname.startsWith("//")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

export function redirectTarget(request: Request, fallback?: string) {
  return safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), fallback);
}
