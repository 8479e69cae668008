import { recordAudit } from "~/platform/audit.server";
import { db } from "~/platform/db/client.server";
import { DEFAULT_LOCALE, isLocale } from "~/platform/i18n/locales";
import { translator } from "~/platform/i18n/translator.server";
import { queueMail } from "~/platform/mail.server";
import { fail, ok, type Result } from "~/platform/result";
import type { SessionUser } from "../auth/session.server";
import { findProfile } from "../profiles/profiles.server";
import { insertContactReply, lockContactMessage, updateContactStatus } from "./contact-inbox.queries.server";
import type { ContactReply, ContactStatus } from "./contact-schema";

export type ReplyResult = Result<{ replyId: string }, "not_found">;

/**
 * The team answers a contact message (a reply already checked against `ContactReplySchema`): the
 * reply is stored, the message becomes answered, and the mail is queued in the same transaction
 * (sent by the mail job, retried if the server is down). The reply is the team member's own words;
 * only the sign-off is ours, in the language stored on the sender's profile.
 */
export async function replyToContactMessage(input: {
  messageId: string;
  reply: ContactReply;
  actor: SessionUser;
}): Promise<ReplyResult> {
  const { body } = input.reply;
  return db().transaction(async (tx) => {
    const message = await lockContactMessage(tx, input.messageId);
    if (!message) return fail("not_found");
    const reply = await insertContactReply(tx, {
      messageId: message.id,
      authorId: input.actor.id,
      body,
    });
    await updateContactStatus(tx, message.id, "answered");
    await recordAudit(tx, {
      actorId: input.actor.id,
      action: "contact_message.reply",
      targetType: "contact_message",
      targetId: message.id,
      before: { status: message.status },
      after: { status: "answered", replyId: reply.id, body: reply.body },
    });
    // The message keeps its sender's id: their profile, read in this transaction, has the language
    // of the address the reply goes to (also when they have changed their address since).
    const sender = await findProfile(message.userId, tx);
    const language = isLocale(sender?.language) ? sender.language : DEFAULT_LOCALE;
    const { t } = translator(language, ["accounts-mail"]);
    await queueMail(
      {
        to: message.email,
        subject: `Re: ${message.subject}`,
        text: `${body}\n\n— ${t("accounts-mail.signOff")}\n\n> ${message.message.split("\n").join("\n> ")}`,
      },
      { tx },
    );
    return ok({ replyId: reply.id });
  });
}

export type StatusResult = Result<{ changed: boolean }, "not_found">;

/** Opens, closes or marks answered by hand; the same status again changes nothing. */
export async function setContactMessageStatus(input: {
  messageId: string;
  status: ContactStatus;
  actor: SessionUser;
}): Promise<StatusResult> {
  return db().transaction(async (tx) => {
    const message = await lockContactMessage(tx, input.messageId);
    if (!message) return fail("not_found");
    if (message.status === input.status) return ok({ changed: false });
    await updateContactStatus(tx, message.id, input.status);
    await recordAudit(tx, {
      actorId: input.actor.id,
      action: "contact_message.set_status",
      targetType: "contact_message",
      targetId: message.id,
      before: { status: message.status },
      after: { status: input.status },
    });
    return ok({ changed: true });
  });
}

/** The staff inbox lists, opens and counts messages as stored. */
export {
  countOpenContactMessages,
  findContactMessage,
  listContactMessages,
  type MessageFilter,
} from "./contact-inbox.queries.server";
