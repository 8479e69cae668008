import { CLIP_STATUSES } from "~/catalog/clips/attributes";
import { CLIP_STATUS_LABELS } from "~/catalog/clips/clip-lifecycle";
import { STAFF_CLIP_SORTS, searchClipsForStaff } from "~/catalog/clips/staff-clips.server";
import { pageMeta } from "~/components/meta";
import { statusFilter } from "../components/columns";
import { StaffListPage } from "../components/list-page";
import { ListSearchSchema, listFilter, listQuerySchema } from "../list-query";
import { CLIP_STATUS_TONES } from "../tones";
import type { Route } from "./+types/clips";
import { staffListLoader } from "./list-loader.server";

export const meta = () => pageMeta("Clips · Staff", "Every clip in any state.");

const ClipListSchema = listQuerySchema(
  { q: ListSearchSchema, status: listFilter(CLIP_STATUSES) },
  { sorts: STAFF_CLIP_SORTS, defaultSort: "newest" },
);

const SORTS = {
  newest: "Uploaded, newest first",
  oldest: "Uploaded, oldest first",
  title: "Title, A to Z",
};

export const loader = staffListLoader("staff:moderate-clips", ClipListSchema, searchClipsForStaff);

export default function Clips({ loaderData: { page, filter } }: Route.ComponentProps) {
  return (
    <StaffListPage
      title="Clips"
      description="Search every clip, whatever its state. Reports from visitors are under Reports."
      search={{ value: filter.q, placeholder: "Title, clip id, creator username or email" }}
      selects={[statusFilter(filter.status, CLIP_STATUSES, CLIP_STATUS_LABELS)]}
      sort={{ value: filter.sort, labels: SORTS }}
      page={page}
      caption="Clips"
      rowKey={(clip) => clip.id}
      columns={(c) => [
        { header: "Id", cell: (clip) => clip.id, className: "tabular-nums" },
        c.link(
          "Title",
          (clip) => `/staff/clips/${clip.id}`,
          (clip) => clip.title,
          { sorts: { title: "ascending" } },
        ),
        c.person(
          "Creator",
          (clip) => clip.creatorUsername ?? clip.creatorName,
          (clip) => clip.creatorEmail,
        ),
        c.status((clip) => clip.status, CLIP_STATUS_TONES, CLIP_STATUS_LABELS),
        c.time("Uploaded", (clip) => clip.createdAt),
      ]}
    />
  );
}
