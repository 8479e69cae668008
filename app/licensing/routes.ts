import { route } from "@react-router/dev/routes";

/** Inside the header and footer. */
export const licensingPages = [route("video/:id/download", "licensing/routes/download.tsx")];

/** Files, links and webhooks without the page shell. */
export const licensingResources = [
  route("downloads/:licenseId/:variant", "licensing/routes/download-file.ts"),
];
