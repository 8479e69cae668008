import { listClipReportsOfClip } from "./clip-reports.queries.server";
import { findClipForStaff } from "./staff-clips.queries.server";

/** The staff console reads clips as stored, in any status: the clip list, the review queue, the overview. */
export {
  countClipsByStatus,
  listClipsInReview,
  STAFF_CLIP_SORTS,
  type StaffClip,
  type StaffClipFilter,
  type StaffClipSort,
  searchClipsForStaff,
} from "./staff-clips.queries.server";

/** The staff clip page: the clip, the clip it was flagged as a duplicate of, and the reports against it. */
export async function findClipForStaffPage(id: number) {
  const clip = await findClipForStaff(id);
  if (!clip) return null;
  const [duplicate, reports] = await Promise.all([
    clip.duplicateOfId ? findClipForStaff(clip.duplicateOfId) : null,
    listClipReportsOfClip(clip.id),
  ]);
  return { clip, duplicate, reports };
}
