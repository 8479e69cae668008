import { route } from "@react-router/dev/routes";

export const contentPages = [
  route("about", "content/routes/about.tsx"),
  route("terms", "content/routes/terms.tsx"),
  route("privacy", "content/routes/privacy.tsx"),
  route("licensing", "content/routes/licensing.tsx"),
  route("creators-hub", "content/routes/creators-hub.tsx"),
  route("welcome", "content/routes/welcome.tsx"),
];
