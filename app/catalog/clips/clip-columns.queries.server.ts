import { eq } from "drizzle-orm";
import { profiles } from "~/accounts/schema.server";
import { clips, niches, subNiches } from "../schema.server";

/** The public catalogue shows published clips only; the studio and the staff console see the rest. */
export const isPublished = eq(clips.status, "published");

/** The columns of a CatalogClip; queries join clips with niches, profiles and (left) sub_niches. */
export const clipColumns = {
  id: clips.id,
  title: clips.title,
  description: clips.description,
  thumbnailUrl: clips.thumbnailUrl,
  videoUrl: clips.videoUrl,
  durationSeconds: clips.durationSeconds,
  orientation: clips.orientation,
  license: clips.license,
  previewUrl: clips.previewUrl,
  previewSmallUrl: clips.previewSmallUrl,
  storyboardUrl: clips.storyboardUrl,
  width: clips.width,
  height: clips.height,
  colorTone: clips.colorTone,
  mood: clips.mood,
  nicheId: clips.nicheId,
  nicheName: niches.name,
  subNicheName: subNiches.name,
  creatorId: clips.userId,
  creatorName: profiles.fullName,
  creatorUsername: profiles.username,
  creatorAvatarUrl: profiles.avatarUrl,
  creatorRole: profiles.role,
};
