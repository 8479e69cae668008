import type { ClipStatusChange } from "~/catalog/clips/clip-lifecycle.server";
import { PRODUCT_NAME } from "~/constants";
import { config } from "~/platform/config.server";
import type { Executor } from "~/platform/db/client.server";
import { queueMail } from "~/platform/mail.server";
import { CLIP_MAILS } from "./clip-mails";

/**
 * What a creator hears about their clip, decided from the status change alone (catalog announces
 * every change; app/jobs.server.ts hands it here). Queued in the change's transaction, so the
 * creator is mailed about exactly the changes that stand. Their own moves (submit, withdraw) and
 * the demo seed's are not mailed.
 */
export async function queueClipStatusMail(change: ClipStatusChange, options: { tx?: Executor } = {}) {
  const mail = CLIP_MAILS[change.transition as keyof typeof CLIP_MAILS];
  if (!mail || !change.creatorEmail) return false;
  const link = `${config().PUBLIC_URL}/studio/clips/${change.clipId}`;
  const greeting = `Hello${change.creatorName ? ` ${change.creatorName}` : ""},`;
  const body = mail.body(change.title, change.reason ?? "");
  await queueMail(
    {
      to: change.creatorEmail,
      subject: mail.subject(change.title),
      text: `${greeting}\n\n${body}\n\n${link}\n\nThe ${PRODUCT_NAME} team\n`,
    },
    options,
  );
  return true;
}
