/**
 * Where to go after logging in: the `redirectTo` a page asked for, if it is a path on this site.
 * Anything else (another origin, `//host`, `/\host`) falls back, so the parameter can't send
 * people to a look-alike site.
 */
export function safeRedirectPath(value: string | null | undefined, fallback = "/profile") {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}

export function redirectTarget(request: Request, fallback?: string) {
  return safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), fallback);
}
