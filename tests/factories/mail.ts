import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { workDueJobs } from "~/platform/jobs/queue.server";
import { type Mail, outboxDir, sendMailJob } from "~/platform/mail.server";

/**
 * Sends every queued mail the way a worker would (no SMTP in tests: into DATA_DIR/outbox) and
 * returns the ones addressed to `to`, oldest first.
 */
export async function deliveredMailsTo(to: string): Promise<Mail[]> {
  await workDueJobs([sendMailJob]);
  const files = await readdir(outboxDir()).catch(() => [] as string[]);
  const mails = await Promise.all(
    files
      .sort()
      .map(async (file) => JSON.parse(await readFile(path.join(outboxDir(), file), "utf8")) as Mail),
  );
  return mails.filter((mail) => mail.to.toLowerCase() === to.toLowerCase());
}
