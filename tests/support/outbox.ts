import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { workDueJobs } from "~/platform/jobs/queue.server";
import { outboxDir, sendMailJob } from "~/platform/mail.server";

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Works the queued mail jobs (no SMTP in tests: they write to DATA_DIR/outbox) and returns the mails
 * the outbox holds for `to`, oldest first: a mail is tested the way it leaves the app.
 */
export async function outboxFor(to: string | null) {
  await workDueJobs([sendMailJob]);
  const mails: OutboxMail[] = [];
  for (const file of (await readdir(outboxDir()).catch(() => [] as string[])).sort()) {
    const mail = JSON.parse(await readFile(path.join(outboxDir(), file), "utf8")) as OutboxMail;
    if (mail.to === to) mails.push(mail);
  }
  return mails;
}
