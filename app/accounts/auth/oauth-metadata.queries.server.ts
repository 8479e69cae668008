import { eq } from "drizzle-orm";
import { db } from "~/platform/db/client.server";
import { verification } from "../schema.server";
import type { OAuthMetadata } from "./oauth-profile";

const TTL_MS = 15 * 60 * 1000;
const identifier = (email: string) => `oauth-profile:${email.toLowerCase()}`;

/**
 * The auth user keeps only name, email and image; the callback screen also needs the provider's
 * handle (user_name, preferred_username). It waits here, in PostgreSQL, for a few minutes.
 */
export async function stashOAuthMetadata(email: string, metadata: OAuthMetadata) {
  await db().transaction(async (tx) => {
    await tx.delete(verification).where(eq(verification.identifier, identifier(email)));
    await tx.insert(verification).values({
      id: crypto.randomUUID(),
      identifier: identifier(email),
      value: JSON.stringify(metadata),
      expiresAt: new Date(Date.now() + TTL_MS),
    });
  });
}

/** Reads and removes the stashed metadata; null when there is none or it expired. */
export async function takeOAuthMetadata(email: string): Promise<OAuthMetadata | null> {
  const rows = await db()
    .delete(verification)
    .where(eq(verification.identifier, identifier(email)))
    .returning();
  const row = rows[0];
  if (!row || row.expiresAt < new Date()) return null;
  try {
    return JSON.parse(row.value) as OAuthMetadata;
  } catch {
    return null;
  }
}
