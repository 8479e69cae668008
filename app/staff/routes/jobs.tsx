import { Form } from "react-router";
import { z } from "zod";
import { requirePermission } from "~/accounts/routes/permissions.server";
import { pageMeta } from "~/components/meta";
import { formReply, replyMessage } from "~/platform/http/form-reply";
import { parseForm, replyWith } from "~/platform/http/forms.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { JOB_STATES } from "~/platform/jobs/job-states";
import { countOf } from "~/platform/text/plural";
import { type Column, DataTable } from "../components/data-table";
import { ErrorNote, formatDateTime, NoneYet, StaffPageHeader, SubmitButton } from "../components/staff-ui";
import { jobsOverview, type QueueCounts, retryFailedJob } from "../jobs.server";
import type { Route } from "./+types/jobs";
import { notFound } from "./action.server";

export const meta = () => pageMeta("Jobs · Staff", "The job queue: counts, failures, retries.");

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "staff:manage-jobs");
  return jobsOverview();
}

const RetrySchema = z.object({ intent: z.literal("retry"), target: z.uuid() });

export async function action({ request }: Route.ActionArgs) {
  const actor = await requirePermission(request, "staff:manage-jobs");
  const parsed = await parseForm(request, RetrySchema);
  if (!parsed.ok) return replyWith(formReply("Choose a failed job to retry."));
  const result = await retryFailedJob(actor.id, parsed.data.target);
  if (!result.ok) {
    if (result.reason === "not_found") throw notFound();
    return replyWith(formReply("That job is not failed (any more)."), 409);
  }
  return redirectWithToast("/staff/jobs", { message: "Job queued again.", type: "success" });
}

const COLUMNS: Column<QueueCounts>[] = [
  { header: "Queue", cell: (row) => row.name, className: "font-mono text-xs" },
  ...JOB_STATES.map((state) => ({
    header: state.charAt(0).toUpperCase() + state.slice(1),
    cell: (row: QueueCounts) =>
      state === "failed" && row.states.failed > 0 ? (
        <strong className="text-red-700 dark:text-red-300">{row.states.failed}</strong>
      ) : (
        row.states[state]
      ),
    className: "tabular-nums",
  })),
];

export default function Jobs({ loaderData, actionData }: Route.ComponentProps) {
  const { table, failed } = loaderData;
  return (
    <main>
      <StaffPageHeader
        title="Jobs"
        description="Background work (mail, media processing, clean-up) by queue and state."
      />
      <ErrorNote message={actionData ? replyMessage(actionData) : null} />
      <DataTable
        caption="Jobs by queue and state"
        columns={COLUMNS}
        rows={table}
        rowKey={(row) => row.name}
      />
      <h2 className="mt-8 mb-3 text-lg font-semibold">Failed jobs</h2>
      {failed.length === 0 ? (
        <NoneYet>No failed jobs.</NoneYet>
      ) : (
        <ul className="space-y-2">
          {failed.map((job) => (
            <li
              key={job.id}
              className="rounded-xl border border-red-200 bg-white p-3 dark:border-red-900 dark:bg-zinc-900/60"
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-mono text-sm">{job.name}</p>
                  {job.mail ? <p className="text-sm">{job.mail}</p> : null}
                  <p className="text-xs text-zinc-600 dark:text-zinc-400">
                    {job.id} · {countOf(job.attempts, "attempt")} · failed {formatDateTime(job.updatedAt)}
                  </p>
                  <p className="mt-1 break-words text-sm text-red-800 dark:text-red-200">
                    {job.error ?? "No error message"}
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="target" value={job.id} />
                  <SubmitButton variant="secondary" name="intent" value="retry" className="px-3 py-1">
                    {job.mail ? "Resend" : "Retry"}
                  </SubmitButton>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
