import { logger } from "~/platform/logger.server";
import { fail, ok, type Result } from "~/platform/result";
import type { SessionUser } from "../auth/session.server";
import { displayName } from "../profiles/display-name";
import { insertContactMessage } from "./contact-inbox.queries.server";
import type { Contact } from "./contact-schema";

/**
 * Stores a signed-in user's message (already checked against `ContactSchema`; the caller applies
 * the contact rate limit). `not_stored`: the database refused it.
 */
export async function sendContactMessage(input: {
  user: SessionUser;
  message: Contact;
}): Promise<Result<null, "not_stored">> {
  try {
    await insertContactMessage({
      userId: input.user.id,
      username: displayName(input.user),
      email: input.user.email,
      subject: input.message.subject,
      message: input.message.message,
    });
    return ok(null);
  } catch (error) {
    logger.error({ err: error }, "contact message insert failed");
    return fail("not_stored");
  }
}
