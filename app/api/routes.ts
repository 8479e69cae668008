import { route } from "@react-router/dev/routes";

/** Inside the header and footer. */
export const apiPages = [
  route("developers", "api/routes/developers.tsx"),
  route("profile/api", "api/routes/profile-api.tsx"),
];

/** The API itself: one resource route that hands every /api/v1 path to the API's own dispatcher. */
export const apiResources = [
  route("api/v1/*", "api/routes/api-v1.ts"),
  route("developers/reference.js", "api/routes/reference-script.ts"),
];
