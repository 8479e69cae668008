import { createCookieSessionStorage } from "react-router";
import { config } from "../config.server";

/** Signed, HttpOnly cookies for small per-browser state (toasts, checkout data). */
export function cookieSessionStorage<Data>(name: string, maxAgeSeconds?: number) {
  return createCookieSessionStorage<Data>({
    cookie: {
      name,
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: config().PUBLIC_URL.startsWith("https:"),
      secrets: [config().BETTER_AUTH_SECRET],
      maxAge: maxAgeSeconds,
    },
  });
}
