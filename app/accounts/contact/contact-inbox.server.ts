import { PRODUCT_NAME } from "~/constants";
import { recordAudit } from "~/platform/audit.server";
import { db } from "~/platform/db/client.server";
import { queueMail } from "~/platform/mail.server";
import { fail, ok, type Result } from "~/platform/result";
import type { SessionUser } from "../auth/session.server";
import { insertContactReply, lockContactMessage, updateContactStatus } from "./contact-inbox.queries.server";
import type { ContactReply, ContactStatus } from "./contact-schema";

export type ReplyResult = Result<{ replyId: string }, "not_found">;

/**
 * The team answers a contact message (a reply already checked against `ContactReplySchema`): the
 * reply is stored, the message becomes answered, and the mail is queued in the same transaction
 * (sent by the mail job, retried if the server is down).
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
    await queueMail(
      {
        to: message.email,
        subject: `Re: ${message.subject}`,
        text: `${body}\n\n— The ${PRODUCT_NAME} team\n\n> ${message.message.split("\n").join("\n> ")}`,
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
