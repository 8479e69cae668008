import { index, route } from "@react-router/dev/routes";

export const catalogPages = [
  index("catalog/routes/home.tsx"),
  route("videos", "catalog/routes/videos.tsx"),
  route("search", "catalog/routes/search.tsx"),
  route("video/:id", "catalog/routes/video.tsx"),
  route("collections", "catalog/routes/collections.tsx"),
  route("collections/:token", "catalog/routes/collection.tsx"),
  route("video/:id/report", "catalog/routes/report-clip.tsx"),
  // A person's page lists their clips, so it lives with the clips (accounts may not import catalog).
  route("profile/:userId?", "catalog/routes/profile.tsx"),
];

/** Routes without the page shell (files, feeds, the save toggle). */
export const catalogResources = [
  route("resources/save", "catalog/routes/save.ts"),
  route("resources/follow", "catalog/routes/follow.ts"),
  route("resources/suggest", "catalog/routes/suggest.ts"),
  route("sitemap.xml", "catalog/routes/sitemap.ts"),
  route("sitemaps/pages.xml", "catalog/routes/sitemap-pages.ts"),
  route("sitemaps/clips/:file", "catalog/routes/sitemap-clips.ts"),
  route("robots.txt", "catalog/routes/robots.ts"),
];
