import { Link } from "react-router";
import { requirePermission } from "~/accounts/permissions.server";
import { CLIP_STATUSES } from "~/catalog/attributes";
import { STAFF_CLIP_SORTS, searchClipsForStaff } from "~/catalog/staff-clips.server";
import { pageMeta } from "~/components/meta";
import {
  cellClass,
  FilterBar,
  formatDateTime,
  Pagination,
  Pill,
  plainHeader,
  rowClass,
  SortHeader,
  StaffPageHeader,
  StaffTable,
  theadClass,
} from "../components/staff-ui";
import { ListSearchSchema, listFilter, listQuerySchema, searchParamsOf } from "../list-query";
import { CLIP_STATUS_LABELS, CLIP_STATUS_TONES } from "../tones";
import type { Route } from "./+types/clips";

export const meta = () => pageMeta("Clips · Staff", "Every clip in any state.");

const ClipListSchema = listQuerySchema(
  { q: ListSearchSchema, status: listFilter(CLIP_STATUSES) },
  { sorts: STAFF_CLIP_SORTS, defaultSort: "newest" },
);

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "staff:moderate-clips");
  const filter = ClipListSchema.parse(searchParamsOf(request));
  return { clips: await searchClipsForStaff(filter), filter };
}

export default function Clips({ loaderData }: Route.ComponentProps) {
  const { clips, filter } = loaderData;
  return (
    <main>
      <StaffPageHeader
        title="Clips"
        description="Search every clip, whatever its state. Reports from visitors are under Reports."
      />
      <FilterBar
        q={filter.q}
        placeholder="Title, clip id, creator username or email"
        selects={[
          {
            name: "status",
            label: "Status",
            value: filter.status ?? "",
            options: [
              { value: "", label: "Any status" },
              ...CLIP_STATUSES.map((status) => ({ value: status, label: CLIP_STATUS_LABELS[status] })),
            ],
          },
        ]}
        extra={<input type="hidden" name="sort" value={filter.sort} />}
      />
      <StaffTable caption="Clips">
        <thead className={theadClass}>
          <tr>
            <th scope="col" className={plainHeader}>
              Id
            </th>
            <SortHeader label="Title" sort="title" current={filter.sort} />
            <th scope="col" className={plainHeader}>
              Creator
            </th>
            <th scope="col" className={plainHeader}>
              Status
            </th>
            <SortHeader label="Created (newest)" sort="newest" current={filter.sort} />
            <SortHeader label="Oldest first" sort="oldest" current={filter.sort} />
          </tr>
        </thead>
        <tbody>
          {clips.rows.map((clip) => (
            <tr key={clip.id} className={rowClass}>
              <td className={`${cellClass} tabular-nums`}>{clip.id}</td>
              <td className={cellClass}>
                <Link
                  to={`/staff/clips/${clip.id}`}
                  className="font-medium text-brand-800 underline-offset-4 hover:underline dark:text-brand-300"
                >
                  {clip.title}
                </Link>
              </td>
              <td className={cellClass}>
                {clip.creatorUsername ?? clip.creatorName}
                <span className="block whitespace-nowrap text-xs text-zinc-600 dark:text-zinc-400">
                  {clip.creatorEmail}
                </span>
              </td>
              <td className={cellClass}>
                <Pill tone={CLIP_STATUS_TONES[clip.status]}>{CLIP_STATUS_LABELS[clip.status]}</Pill>
              </td>
              <td className={cellClass} colSpan={2}>
                {formatDateTime(clip.createdAt)}
              </td>
            </tr>
          ))}
        </tbody>
      </StaffTable>
      <Pagination page={clips} />
    </main>
  );
}
