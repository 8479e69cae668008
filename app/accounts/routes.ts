import { route } from "@react-router/dev/routes";

/** Inside the header and footer. */
export const accountPages = [
  route("profile/:userId?", "accounts/routes/profile.tsx"),
  route("contact", "accounts/routes/contact.tsx"),
];

/** SPEC section 2: outside the main layout. */
export const accountStandalone = [
  route("login", "accounts/routes/login.tsx"),
  route("signup", "accounts/routes/signup.tsx"),
  route("auth/callback", "accounts/routes/auth-callback.tsx"),
];
