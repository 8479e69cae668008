import { parseTheme, THEME_COOKIE } from "./theme";

export function getThemeFromCookie(request: Request) {
  const cookie = request.headers.get("Cookie") ?? "";
  const match = cookie.match(new RegExp(`(?:^|;\\s*)${THEME_COOKIE}=(dark|light)`));
  return parseTheme(match?.[1]);
}
