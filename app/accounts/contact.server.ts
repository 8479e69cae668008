import { db } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { enforceRateLimit } from "~/platform/rate-limit-policies";
import { ContactSchema } from "./contact-schema";
import { displayName } from "./display-name";
import { MESSAGES } from "./messages";
import { contactMessages } from "./schema.server";
import type { SessionUser } from "./session.server";

export type ContactResult = { ok: boolean; message: string; status: number };

/** A signed-in user's message, trimmed, limited, stored. */
export async function sendContactMessage(
  user: SessionUser | null,
  input: { subject: unknown; message: unknown },
  ip: string,
): Promise<ContactResult> {
  if (!user) return { ok: false, status: 401, message: MESSAGES.contactNotLoggedIn };
  const parsed = ContactSchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? MESSAGES.contactEmpty };
  const limit = await enforceRateLimit("contact", { ip, user: user.id });
  if (!limit.allowed) return { ok: false, status: 429, message: MESSAGES.tooManyAttempts };
  try {
    await db()
      .insert(contactMessages)
      .values({
        userId: user.id,
        username: displayName(user),
        email: user.email,
        subject: parsed.data.subject,
        message: parsed.data.message,
      });
    return { ok: true, status: 200, message: MESSAGES.contactSent };
  } catch (error) {
    logger.error({ err: error }, "contact message insert failed");
    return { ok: false, status: 500, message: MESSAGES.contactFailed };
  }
}
