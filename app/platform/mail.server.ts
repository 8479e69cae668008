import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { config } from "./config.server";
import { logger } from "./logger.server";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

let transport: Transporter | undefined;

/** The outbox folder used when no SMTP server is configured. */
export function outboxDir() {
  return path.join(config().DATA_DIR, "outbox");
}

/**
 * Sends through SMTP when SMTP_URL is set; otherwise writes the mail as a JSON file to
 * DATA_DIR/outbox and logs it, so flows that mail a link work on the embedded default.
 */
export async function sendMail(mail: Mail) {
  const { SMTP_URL, MAIL_FROM } = config();
  if (SMTP_URL) {
    transport ??= nodemailer.createTransport(SMTP_URL);
    await transport.sendMail({ from: MAIL_FROM, ...mail });
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
  logger.info(
    { to: mail.to, subject: mail.subject, file },
    "mail written to the outbox (SMTP_URL is not set)",
  );
}
