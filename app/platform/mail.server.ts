import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { config } from "./config.server";
import type { Executor } from "./db/client.server";
import { defineJob } from "./jobs/define.server";
import { enqueue } from "./jobs/queue.server";
import { logger } from "./logger.server";
import { mailsTotal } from "./metrics/business.server";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

let transport: Transporter | undefined;

export const MAIL_JOB = "mail.send";

/** What the staff console may show of a queued mail: its recipient and subject, never its body (links, tokens). */
export function mailHeadline(data: unknown) {
  const mail = data as Partial<Mail> | null;
  return typeof mail?.to === "string" && typeof mail.subject === "string"
    ? `To ${mail.to}: ${mail.subject}`
    : undefined;
}

/** The outbox folder used when no SMTP server is configured. */
export function outboxDir() {
  return path.join(config().DATA_DIR, "outbox");
}

/**
 * Every outgoing mail goes through the job queue: a slow or unreachable SMTP server never holds up a
 * request, and a failed send is retried with backoff for at least 24 hours (an SMTP outage over a
 * weekend night loses nothing). One that still fails stays failed, with its error, in the staff
 * console's jobs page (where it can be resent) and `npm run cli -- jobs`, and counts in
 * `verdeo_mails_total{outcome="failed"}`.
 */
export const sendMailJob = defineJob<Mail>({
  name: MAIL_JOB,
  handler: sendMail,
  // 30 s doubling up to 4 h between attempts: 15 attempts span 24.3 to 28.3 hours.
  retryLimit: 14,
  retryDelaySeconds: 30,
  retryBackoff: true,
  retryDelayMaxSeconds: 4 * 3_600,
  expireInSeconds: 120,
  concurrency: 2,
});

/** Queues a mail (inside `tx` when given, so it goes out only if the change commits). */
export async function queueMail(mail: Mail, options: { tx?: Executor } = {}) {
  await enqueue(sendMailJob, mail, options);
}

/**
 * Sends through SMTP when SMTP_URL is set; otherwise writes the mail as a JSON file to
 * DATA_DIR/outbox and logs it, so flows that mail a link work on the embedded default.
 * Called by the mail job; code that wants a mail sent calls `queueMail`.
 */
export async function sendMail(mail: Mail) {
  const { SMTP_URL, MAIL_FROM } = config();
  if (SMTP_URL) {
    transport ??= nodemailer.createTransport(SMTP_URL);
    await transport.sendMail({ from: MAIL_FROM, ...mail }).catch((error: unknown) => {
      mailsTotal.inc({ outcome: "failed" });
      throw error;
    });
    mailsTotal.inc({ outcome: "sent" });
    logger.info({ to: mail.to, subject: mail.subject }, "mail sent");
    return;
  }
  const dir = outboxDir();
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, `${Date.now()}-${randomBytes(4).toString("hex")}.json`);
  await writeFile(
    file,
    JSON.stringify({ from: MAIL_FROM, date: new Date().toISOString(), ...mail }, null, 2),
    {
      mode: 0o600,
    },
  );
  mailsTotal.inc({ outcome: "outbox" });
  logger.info(
    { to: mail.to, subject: mail.subject, file },
    "mail written to the outbox (SMTP_URL is not set)",
  );
}
