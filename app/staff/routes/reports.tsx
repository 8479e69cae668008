import { Form } from "react-router";
import { z } from "zod";
import { requirePermission } from "~/accounts/routes/permissions.server";
import { CLIP_STATUS_LABELS } from "~/catalog/clips/clip-lifecycle";
import { REPORT_REASON_LABELS, REPORT_STATUS_LABELS, REPORT_STATUSES } from "~/catalog/clips/clip-report";
import { listClipReports, setClipReportStatus } from "~/catalog/clips/clip-reports.server";
import { Link } from "~/components/link";
import { pageMeta } from "~/components/meta";
import { formReply } from "~/platform/http/form-reply";
import { parseForm, replyWith } from "~/platform/http/forms.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { statusFilter } from "../components/columns";
import { StaffListPage } from "../components/list-page";
import { formatDateTime, Pill, SubmitButton } from "../components/staff-ui";
import { ListSearchSchema, listFilter, listQuerySchema, searchParamsOf } from "../list-query";
import { CLIP_STATUS_TONES, REPORT_STATUS_TONES } from "../tones";
import type { Route } from "./+types/reports";
import { notFound, SerialIdSchema } from "./action.server";

export const meta = () => pageMeta("Clip reports · Staff", "What visitors reported.");

const ReportListSchema = listQuerySchema(
  { q: ListSearchSchema, status: listFilter(REPORT_STATUSES) },
  { sorts: ["newest", "oldest"], defaultSort: "newest" },
);

const SORTS = {
  newest: "Reported, newest first",
  oldest: "Reported, oldest first",
};

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "staff:moderate-clips");
  const filter = ReportListSchema.parse(searchParamsOf(request));
  return { reports: await listClipReports(filter), filter };
}

const ReportActionSchema = z.object({ target: SerialIdSchema, status: z.enum(REPORT_STATUSES) });

export async function action({ request }: Route.ActionArgs) {
  const actor = await requirePermission(request, "staff:moderate-clips");
  const parsed = await parseForm(request, ReportActionSchema);
  if (!parsed.ok) return replyWith(formReply("Choose a report and what to do with it."));
  const result = await setClipReportStatus({
    reportId: parsed.data.target,
    status: parsed.data.status,
    actorId: actor.id,
  });
  if (!result.ok) throw notFound();
  return redirectWithToast(new URL(request.url).pathname + new URL(request.url).search, {
    message: `Report marked ${REPORT_STATUS_LABELS[parsed.data.status].toLowerCase()}.`,
    type: "success",
  });
}

type Row = Route.ComponentProps["loaderData"]["reports"]["rows"][number];

function ReportItem({
  row: { report, clipTitle, clipStatus, reporterEmail, reporterUsername },
}: {
  row: Row;
}) {
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <Link
            to={`/staff/clips/${report.clipId}`}
            className="font-semibold text-brand-800 underline-offset-4 hover:underline dark:text-brand-300"
          >
            {clipTitle}
          </Link>{" "}
          <Pill tone={CLIP_STATUS_TONES[clipStatus]}>{CLIP_STATUS_LABELS[clipStatus]}</Pill>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            {REPORT_REASON_LABELS[report.reason]} · {formatDateTime(report.createdAt)} ·{" "}
            {reporterEmail ?? reporterUsername ?? "a visitor (not signed in)"}
          </p>
        </div>
        <Pill tone={REPORT_STATUS_TONES[report.status]}>{REPORT_STATUS_LABELS[report.status]}</Pill>
      </div>
      <p className="mt-2 whitespace-pre-wrap text-sm">{report.details}</p>
      <Form method="post" className="mt-3 flex flex-wrap gap-2" preventScrollReset>
        <input type="hidden" name="target" value={report.id} />
        {(report.status === "open"
          ? ([
              ["resolved", "Mark resolved"],
              ["dismissed", "Dismiss"],
            ] as const)
          : ([["open", "Reopen"]] as const)
        ).map(([status, label]) => (
          <SubmitButton key={status} variant="secondary" name="status" value={status} className="px-3 py-1">
            {label}
          </SubmitButton>
        ))}
      </Form>
    </>
  );
}

export default function Reports({ loaderData: { reports, filter } }: Route.ComponentProps) {
  return (
    <StaffListPage
      title="Clip reports"
      description="Sent with “Report this clip”. Take a clip down from its page; then resolve the report."
      search={{ value: filter.q, placeholder: "Clip title or report text" }}
      selects={[statusFilter(filter.status, REPORT_STATUSES, REPORT_STATUS_LABELS)]}
      sort={{ value: filter.sort, labels: SORTS }}
      page={reports}
      caption="Clip reports"
      rowKey={(row) => row.report.id}
      item={(row) => <ReportItem row={row} />}
      empty="No reports match."
    />
  );
}
