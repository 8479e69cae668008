import { route } from "@react-router/dev/routes";

/** The creator studio, inside the site layout. */
export const studioPages = [
  route("studio", "studio/routes/studio.tsx"),
  route("studio/upload", "studio/routes/upload.tsx"),
  route("studio/clips/:clipId", "studio/routes/clip.tsx"),
];

/** The tus endpoint and the studio's resource routes. */
export const studioResources = [
  route("studio/uploads/*", "studio/routes/uploads.ts"),
  route("resources/studio/clips", "studio/routes/clip-statuses.ts"),
  route("studio/clips/:clipId/releases/:releaseId", "studio/routes/release-file.ts"),
];
