import { route } from "@react-router/dev/routes";

/** Inside the header and footer. */
export const accountPages = [route("contact", "accounts/routes/contact.tsx")];

/**
 * Outside the main layout: the sign-in pages, each under its language like every page (`/de/login`;
 * English at the root, docs/decisions/0033), plus resource routes without a page or a language.
 */
export const accountStandalone = [
  route(":lang?/login", "accounts/routes/login.tsx"),
  route(":lang?/signup", "accounts/routes/signup.tsx"),
  route(":lang?/auth/callback", "accounts/routes/auth-callback.tsx"),
  route(":lang?/forgot-password", "accounts/routes/forgot-password.tsx"),
  route(":lang?/reset-password", "accounts/routes/reset-password.tsx"),
  route("account", "accounts/routes/account.ts"),
  route("logout", "accounts/routes/logout.ts"),
  route("email-confirmed", "accounts/routes/email-confirmed.ts"),
  route("resources/verification-mail", "accounts/routes/verification-mail.ts"),
  route("resources/username-availability", "accounts/routes/username-availability.ts"),
  route("api/auth/*", "accounts/routes/api-auth.ts"),
];
