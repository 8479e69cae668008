import { Link } from "react-router";
import { requirePermission } from "~/accounts/permissions.server";
import { CLIP_STATUSES } from "~/catalog/attributes";
import { STAFF_CLIP_SORTS, searchClipsForStaff } from "~/catalog/staff-clips.server";
import { pageMeta } from "~/components/meta";
import { choices, StaffListPage } from "../components/list-page";
import { formatDateTime, Pill } from "../components/staff-ui";
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
      selects={[
        {
          name: "status",
          label: "Status",
          value: filter.status,
          options: choices(CLIP_STATUSES, CLIP_STATUS_LABELS, "Any status"),
        },
      ]}
      sort={{ value: filter.sort, options: SORTS }}
      page={clips}
      caption="Clips"
      rowKey={(clip) => clip.id}
      columns={[
        { header: "Id", cell: (clip) => clip.id, className: "tabular-nums" },
        {
          header: "Title",
          sorts: { title: "ascending" },
          cell: (clip) => (
            <Link
              to={`/staff/clips/${clip.id}`}
              className="font-medium text-brand-800 underline-offset-4 hover:underline dark:text-brand-300"
            >
              {clip.title}
            </Link>
          ),
        },
        {
          header: "Creator",
          cell: (clip) => (
            <>
              {clip.creatorUsername ?? clip.creatorName}
              <span className="block break-all text-xs text-zinc-600 dark:text-zinc-400">
                {clip.creatorEmail}
              </span>
            </>
          ),
        },
        {
          header: "Status",
          cell: (clip) => (
            <Pill tone={CLIP_STATUS_TONES[clip.status]}>{CLIP_STATUS_LABELS[clip.status]}</Pill>
          ),
        },
        {
          header: "Uploaded (UTC)",
          cell: (clip) => formatDateTime(clip.createdAt),
          sorts: { newest: "descending", oldest: "ascending" },
          className: "whitespace-nowrap",
        },
      ]}
    />
  );
}
