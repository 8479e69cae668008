import { z } from "zod";
import { CONTACT_MESSAGE_MAX, CONTACT_SUBJECT_MAX } from "~/constants";
import { MESSAGES } from "./messages";

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
