import { findProfile } from "~/accounts/profiles/profiles.server";
import type { ClipStatusChange } from "~/catalog/clips/clip-lifecycle.server";
import { config } from "~/platform/config.server";
import type { Executor } from "~/platform/db/client.server";
import type { I18n } from "~/platform/i18n/i18n";
import { DEFAULT_LOCALE, isLocale } from "~/platform/i18n/locales";
import { translator } from "~/platform/i18n/translator.server";
import { type Mail, queueMail } from "~/platform/mail.server";

/**
 * The subject and body of each mail a creator gets about a clip, by the lifecycle move that caused
 * it (clip-mails.ts keeps their English, which the tests compare).
 */
const CLIP_MAIL_KEYS = {
  processed: { subject: "studio-mail.processed.subject", body: "studio-mail.processed.body" },
  failed: { subject: "studio-mail.failed.subject", body: "studio-mail.failed.body" },
  approve: { subject: "studio-mail.approve.subject", body: "studio-mail.approve.body" },
  reject: { subject: "studio-mail.reject.subject", body: "studio-mail.reject.body" },
  unpublish: { subject: "studio-mail.unpublish.subject", body: "studio-mail.unpublish.body" },
  take_down: { subject: "studio-mail.takeDown.subject", body: "studio-mail.takeDown.body" },
} as const;

/**
 * The mail about `change` in `i18n`'s language, or null for a move the creator is not mailed
 * about. The reason is the pipeline's or the reviewer's, as the studio shows it.
 */
export function clipStatusMail(i18n: I18n, change: ClipStatusChange): Mail | null {
  const keys = CLIP_MAIL_KEYS[change.transition as keyof typeof CLIP_MAIL_KEYS];
  if (!keys || !change.creatorEmail) return null;
  const link = `${config().PUBLIC_URL}${i18n.path(`/studio/clips/${change.clipId}`)}`;
  const greeting = change.creatorName
    ? i18n.t("studio-mail.greeting", { name: change.creatorName })
    : i18n.t("studio-mail.greetingNoName");
  const values = { title: change.title, reason: change.reason ?? "" };
  return {
    to: change.creatorEmail,
    subject: i18n.t(keys.subject, values),
    text: `${greeting}\n\n${i18n.t(keys.body, values)}\n\n${link}\n\n${i18n.t("studio-mail.signOff")}\n`,
  };
}

/**
 * What a creator hears about their clip, decided from the status change alone (catalog announces
 * every change; app/jobs.server.ts hands it here). Queued in the change's transaction, so the
 * creator is mailed about exactly the changes that stand, in the language stored on their profile.
 * Their own moves (submit, withdraw) and the demo seed's are not mailed.
 */
export async function queueClipStatusMail(change: ClipStatusChange, options: { tx?: Executor } = {}) {
  if (!(change.transition in CLIP_MAIL_KEYS) || !change.creatorEmail) return false;
  const creator = await findProfile(change.creatorId, options.tx);
  const language = isLocale(creator?.language) ? creator.language : DEFAULT_LOCALE;
  const mail = clipStatusMail(translator(language, ["studio-mail"]), change);
  if (!mail) return false;
  await queueMail(mail, options);
  return true;
}
