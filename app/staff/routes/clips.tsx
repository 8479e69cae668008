import { requirePermission } from "~/accounts/permissions.server";
import { CLIP_STATUSES } from "~/catalog/attributes";
import { STAFF_CLIP_SORTS, searchClipsForStaff } from "~/catalog/staff-clips.server";
import { pageMeta } from "~/components/meta";
import { linkColumn, personColumn, statusColumn, statusFilter, timeColumn } from "../components/columns";
import { StaffListPage } from "../components/list-page";
import { ListSearchSchema, listFilter, listQuerySchema, searchParamsOf } from "../list-query";
import { CLIP_STATUS_LABELS, CLIP_STATUS_TONES } from "../tones";
import type { Route } from "./+types/clips";

export const meta = () => pageMeta("Clips · Staff", "Every clip in any state.");

const ClipListSchema = listQuerySchema(
  { q: ListSearchSchema, status: listFilter(CLIP_STATUSES) },
  { sorts: STAFF_CLIP_SORTS, defaultSort: "newest" },
);

const SORTS = [
  { value: "newest", label: "Uploaded, newest first" },
  { value: "oldest", label: "Uploaded, oldest first" },
  { value: "title", label: "Title, A to Z" },
] as const;

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "staff:moderate-clips");
  const filter = ClipListSchema.parse(searchParamsOf(request));
  return { clips: await searchClipsForStaff(filter), filter };
}

type Row = Route.ComponentProps["loaderData"]["clips"]["rows"][number];

export default function Clips({ loaderData: { clips, filter } }: Route.ComponentProps) {
  return (
    <StaffListPage<Row>
      title="Clips"
      description="Search every clip, whatever its state. Reports from visitors are under Reports."
      search={{ value: filter.q, placeholder: "Title, clip id, creator username or email" }}
      selects={[statusFilter(filter.status, CLIP_STATUSES, CLIP_STATUS_LABELS)]}
      sort={{ value: filter.sort, options: SORTS }}
      page={clips}
      caption="Clips"
      rowKey={(clip) => clip.id}
      columns={[
        { header: "Id", cell: (clip) => clip.id, className: "tabular-nums" },
        linkColumn(
          "Title",
          (clip) => `/staff/clips/${clip.id}`,
          (clip) => clip.title,
          { sorts: { title: "ascending" } },
        ),
        personColumn(
          "Creator",
          (clip) => clip.creatorUsername ?? clip.creatorName,
          (clip) => clip.creatorEmail,
        ),
        statusColumn((clip) => clip.status, CLIP_STATUS_TONES, CLIP_STATUS_LABELS),
        timeColumn("Uploaded", (clip) => clip.createdAt),
      ]}
    />
  );
}
