import { Form } from "react-router";
import { z } from "zod";
import { requirePermission } from "~/accounts/permissions.server";
import { pageMeta } from "~/components/meta";
import { recordAudit } from "~/platform/audit.server";
import { db } from "~/platform/db/client.server";
import { formReply, replyMessage } from "~/platform/form-reply";
import { parseForm, replyWith } from "~/platform/forms.server";
import { JOB_STATES } from "~/platform/jobs/job-states";
import { jobCounts, listFailedJobs, retryJob } from "~/platform/jobs/queue.server";
import { MAIL_JOB, mailHeadline } from "~/platform/mail.server";
import { redirectWithToast } from "~/platform/toast.server";
import { notFound } from "../action.server";
import {
  cellClass,
  ErrorNote,
  formatDateTime,
  plainHeader,
  rowClass,
  StaffPageHeader,
  StaffTable,
  SubmitButton,
  theadClass,
} from "../components/staff-ui";
import type { Route } from "./+types/jobs";

export const meta = () => pageMeta("Jobs · Staff", "The job queue: counts, failures, retries.");

const FAILED_SHOWN = 50;

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "staff:manage-jobs");
  const [counts, failed] = await Promise.all([jobCounts(), listFailedJobs(FAILED_SHOWN)]);
  const queues = [...new Set(counts.map((count) => count.name))].sort();
  const table = queues.map((name) => ({
    name,
    states: Object.fromEntries(
      JOB_STATES.map((state) => [
        state,
        counts.find((count) => count.name === name && count.state === state)?.count ?? 0,
      ]),
    ),
  }));
  // Job data can hold mail bodies and links: the console shows what failed and why (for a mail, to
  // whom and its subject), never the payload.
  const shown = failed.map(({ data, ...job }) => ({
    ...job,
    mail: job.name === MAIL_JOB ? mailHeadline(data) : undefined,
  }));
  return { table, states: JOB_STATES, failed: shown };
}

const RetrySchema = z.object({ intent: z.literal("retry"), target: z.uuid() });

export async function action({ request }: Route.ActionArgs) {
  const actor = await requirePermission(request, "staff:manage-jobs");
  const parsed = await parseForm(request, RetrySchema);
  if (!parsed.ok) return replyWith(formReply("Choose a failed job to retry."));
  const result = await retryJob(parsed.data.target);
  if (!result.ok) {
    if (result.reason === "not_found") throw notFound();
    return replyWith(formReply("That job is not failed (any more)."), 409);
  }
  // The queue keeps its own tables and connection, so the entry follows the retry rather than sharing its transaction.
  await recordAudit(db(), {
    actorId: actor.id,
    action: "job.retry",
    targetType: "job",
    targetId: parsed.data.target,
  });
  return redirectWithToast("/staff/jobs", { message: "Job queued again.", type: "success" });
}

export default function Jobs({ loaderData, actionData }: Route.ComponentProps) {
  const { table, states, failed } = loaderData;
  return (
    <main>
      <StaffPageHeader
        title="Jobs"
        description="Background work (mail, media processing, clean-up) by queue and state."
      />
      <ErrorNote message={actionData ? replyMessage(actionData) : null} />
      <StaffTable caption="Jobs by queue and state">
        <thead className={theadClass}>
          <tr>
            <th scope="col" className={plainHeader}>
              Queue
            </th>
            {states.map((state) => (
              <th key={state} scope="col" className={`${plainHeader} capitalize`}>
                {state}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.map((row) => (
            <tr key={row.name} className={rowClass}>
              <th scope="row" className={`${cellClass} text-left font-mono text-xs font-normal`}>
                {row.name}
              </th>
              {states.map((state) => (
                <td
                  key={state}
                  className={`${cellClass} tabular-nums ${state === "failed" && row.states[state] ? "font-bold text-red-700 dark:text-red-300" : ""}`}
                >
                  {row.states[state]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </StaffTable>
      <h2 className="mt-8 mb-3 text-lg font-semibold">Failed jobs</h2>
      {failed.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No failed jobs.</p>
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
                    {job.id} · {job.attempts} attempts · failed {formatDateTime(job.updatedAt)}
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
