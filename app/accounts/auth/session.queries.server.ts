import { eq, sql } from "drizzle-orm";
import { preparedQuery } from "~/platform/db/client.server";
import { profiles, session, user } from "../schema.server";

const sessionWithProfile = preparedQuery((database) =>
  database
    .select({
      expiresAt: session.expiresAt,
      user: { id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified },
      profile: {
        username: profiles.username,
        fullName: profiles.fullName,
        avatarUrl: profiles.avatarUrl,
        role: profiles.role,
        themePreference: profiles.themePreference,
        language: profiles.language,
        suspendedAt: profiles.suspendedAt,
      },
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(profiles, eq(profiles.id, session.userId))
    .where(eq(session.token, sql.placeholder("token")))
    .limit(1)
    .prepare("session_with_profile"),
);

/** A session by its token with its user and profile, in one round trip (the page shell's read). */
export async function findSessionWithProfile(token: string) {
  const rows = await sessionWithProfile().execute({ token });
  return rows[0] ?? null;
}
