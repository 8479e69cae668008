import { PRODUCT_NAME } from "~/constants";
import { recordAudit } from "~/platform/audit.server";
import { db } from "~/platform/db/client.server";
import { queueMail } from "~/platform/mail.server";
import { insertContactReply, lockContactMessage, updateContactStatus } from "./contact-inbox.queries.server";
import { ContactReplySchema, type ContactStatus } from "./contact-schema";
import type { SessionUser } from "./session.server";

export type ReplyResult =
  | { ok: true; replyId: string }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "invalid"; message: string };

/**
 * The team answers a contact message: the reply is stored, the message becomes answered, and the
 * mail is queued in the same transaction (sent by the mail job, retried if the server is down).
 */
export async function replyToContactMessage(input: {
  messageId: string;
  form: Record<string, unknown>;
  actor: SessionUser;
}): Promise<ReplyResult> {
  const parsed = ContactReplySchema.safeParse(input.form);
  if (!parsed.success) {
    return { ok: false, reason: "invalid", message: parsed.error.issues[0]?.message ?? "Invalid reply." };
  }
  return db().transaction(async (tx) => {
    const message = await lockContactMessage(tx, input.messageId);
    if (!message) return { ok: false, reason: "not_found" } as const;
    const reply = await insertContactReply(tx, {
      messageId: message.id,
      authorId: input.actor.id,
      body: parsed.data.body,
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
        text: `${parsed.data.body}\n\n— The ${PRODUCT_NAME} team\n\n> ${message.message.split("\n").join("\n> ")}`,
      },
      { tx },
    );
    return { ok: true, replyId: reply.id } as const;
  });
}

export type StatusResult = { ok: true; changed: boolean } | { ok: false; reason: "not_found" };

/** Opens, closes or marks answered by hand; the same status again changes nothing. */
export async function setContactMessageStatus(input: {
  messageId: string;
  status: ContactStatus;
  actor: SessionUser;
}): Promise<StatusResult> {
  return db().transaction(async (tx) => {
    const message = await lockContactMessage(tx, input.messageId);
    if (!message) return { ok: false, reason: "not_found" } as const;
    if (message.status === input.status) return { ok: true, changed: false } as const;
    await updateContactStatus(tx, message.id, input.status);
    await recordAudit(tx, {
      actorId: input.actor.id,
      action: "contact_message.set_status",
      targetType: "contact_message",
      targetId: message.id,
      before: { status: message.status },
      after: { status: input.status },
    });
    return { ok: true, changed: true } as const;
  });
}

/** The staff inbox lists, opens and counts messages as stored. */
export {
  countOpenContactMessages,
  findContactMessage,
  listContactMessages,
  type MessageFilter,
} from "./contact-inbox.queries.server";
