import { route } from "@react-router/dev/routes";

/** Inside the header and footer. */
export const accountPages = [route("contact", "accounts/routes/contact.tsx")];

/** Outside the main layout; plus resource routes without a page. */
export const accountStandalone = [
  route("login", "accounts/routes/login.tsx"),
  route("signup", "accounts/routes/signup.tsx"),
  route("auth/callback", "accounts/routes/auth-callback.tsx"),
  route("forgot-password", "accounts/routes/forgot-password.tsx"),
  route("reset-password", "accounts/routes/reset-password.tsx"),
  route("account", "accounts/routes/account.ts"),
  route("logout", "accounts/routes/logout.ts"),
  route("email-confirmed", "accounts/routes/email-confirmed.ts"),
  route("resources/verification-mail", "accounts/routes/verification-mail.ts"),
  route("resources/username-availability", "accounts/routes/username-availability.ts"),
  route("api/auth/*", "accounts/routes/api-auth.ts"),
];
