import { z } from "zod";
import { CONTACT_MESSAGE_MAX, CONTACT_SUBJECT_MAX } from "~/constants";
import { noControlChars } from "~/platform/text/text";
import { MESSAGES } from "../messages";

/** Both fields trimmed and required; the length limits are ours. */
export const ContactSchema = z.object({
  subject: z
    .string({ error: MESSAGES.contactEmpty })
    .trim()
    .min(1, MESSAGES.contactEmpty)
    .max(CONTACT_SUBJECT_MAX, MESSAGES.contactSubjectTooLong),
  message: z
    .string({ error: MESSAGES.contactEmpty })
    .trim()
    .min(1, MESSAGES.contactEmpty)
    .max(CONTACT_MESSAGE_MAX, MESSAGES.contactMessageTooLong),
});
export type Contact = z.infer<typeof ContactSchema>;

/** A message is open until the team replies (answered) or closes it. */
export const CONTACT_STATUSES = ["open", "answered", "closed"] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = {
  open: "Open",
  answered: "Answered",
  closed: "Closed",
};

export const CONTACT_REPLY_MAX = 5_000;
export const CONTACT_REPLY_TEXTS = {
  empty: "Write a reply first.",
  tooLong: `A reply can be at most ${CONTACT_REPLY_MAX.toLocaleString("en")} characters.`,
  controlChars: "The reply contains characters we cannot accept.",
} as const;

/** The team's reply to a contact message. */
export const ContactReplySchema = z.object({
  body: z
    .string({ error: CONTACT_REPLY_TEXTS.empty })
    .trim()
    .min(1, CONTACT_REPLY_TEXTS.empty)
    .max(CONTACT_REPLY_MAX, CONTACT_REPLY_TEXTS.tooLong)
    .refine(noControlChars, CONTACT_REPLY_TEXTS.controlChars),
});
export type ContactReply = z.infer<typeof ContactReplySchema>;
