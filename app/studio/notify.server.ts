import { logger } from "~/platform/logger.server";
import { type Mail, sendMail } from "~/platform/mail.server";

/**
 * Mails a creator about their clip after the change is committed. Until the job queue's
 * `queueMail` is on main this sends directly and only logs a failure (the change stands either way).
 */
export function notifyCreator(mail: Mail) {
  void sendMail(mail).catch((error) => logger.warn({ err: error, to: mail.to }, "creator mail failed"));
}
