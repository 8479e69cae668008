import { recordAudit } from "~/platform/audit.server";
import { db } from "~/platform/db/client.server";
import { JOB_STATES, type JobState } from "~/platform/jobs/job-states";
import { jobCounts, listFailedJobs, retryJob } from "~/platform/jobs/queue.server";
import { MAIL_JOB, mailHeadline } from "~/platform/mail.server";

const FAILED_SHOWN = 50;

export interface QueueCounts {
  name: string;
  states: Record<JobState, number>;
}

/** The job queue for the console: each queue's jobs by state, and the latest failures. */
export async function jobsOverview() {
  const [counts, failed] = await Promise.all([jobCounts(), listFailedJobs(FAILED_SHOWN)]);
  const queues = [...new Set(counts.map((count) => count.name))].sort();
  const table: QueueCounts[] = queues.map((name) => ({
    name,
    states: Object.fromEntries(
      JOB_STATES.map((state) => [
        state,
        counts.find((count) => count.name === name && count.state === state)?.count ?? 0,
      ]),
    ) as Record<JobState, number>,
  }));
  // Job data can hold mail bodies and links: the console shows what failed and why (for a mail, to
  // whom and its subject), never the payload.
  const shown = failed.map(({ data, ...job }) => ({
    ...job,
    mail: job.name === MAIL_JOB ? mailHeadline(data) : undefined,
  }));
  return { table, failed: shown };
}

/** Queues a failed job again, audited under the staff member who asked. */
export async function retryFailedJob(actorId: string, jobId: string) {
  const result = await retryJob(jobId);
  if (!result.ok) return result;
  // The queue keeps its own tables and connection, so the entry follows the retry rather than sharing its transaction.
  await recordAudit(db(), { actorId, action: "job.retry", targetType: "job", targetId: jobId });
  return result;
}
