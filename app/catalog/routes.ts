import { index, route } from "@react-router/dev/routes";

export const catalogPages = [
  index("catalog/routes/home.tsx"),
  route("videos", "catalog/routes/videos.tsx"),
  route("search", "catalog/routes/search.tsx"),
  route("video/:id", "catalog/routes/video.tsx"),
];

/** Routes without the page shell (files, feeds). */
export const catalogResources = [];
