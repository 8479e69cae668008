import { eq } from "drizzle-orm";
import { profiles } from "~/accounts/schema.server";
import { niches, posts, subNiches } from "./schema.server";

/** The public catalogue shows published clips only; the studio and the staff console see the rest. */
export const isPublished = eq(posts.status, "published");

/** The columns of a CatalogClip; queries join posts with niches, profiles and (left) sub_niches. */
export const clipColumns = {
  id: posts.id,
  title: posts.title,
  description: posts.description,
  thumbnailUrl: posts.thumbnailUrl,
  videoUrl: posts.videoUrl,
  durationSeconds: posts.durationSeconds,
  orientation: posts.orientation,
  license: posts.license,
  previewUrl: posts.previewUrl,
  previewSmallUrl: posts.previewSmallUrl,
  storyboardUrl: posts.storyboardUrl,
  width: posts.width,
  height: posts.height,
  colorTone: posts.colorTone,
  mood: posts.mood,
  nicheId: posts.nicheId,
  nicheName: niches.name,
  subNicheName: subNiches.name,
  creatorId: posts.userId,
  creatorName: profiles.fullName,
  creatorUsername: profiles.username,
  creatorAvatarUrl: profiles.avatarUrl,
  creatorRole: profiles.role,
};
