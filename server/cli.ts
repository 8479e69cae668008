/**
 * Operator commands: `npm run cli -- <command>`.
 *   migrate                              apply pending migrations
 *   seed                                 add the demo content (idempotent)
 *   set-role <email> <user|creator|developer>
 */
import { eq } from "drizzle-orm";
import { ROLES, type Role } from "~/accounts/roles";
import { profiles, user } from "~/accounts/schema.server";
import { loadConfig } from "~/platform/config.server";
import { closeDatabase, connectDatabase, db } from "~/platform/db/client.server";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "~/platform/db/embedded.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { seedDemoContent } from "./seed/seed";

const USAGE = "Usage: npm run cli -- migrate | seed | set-role <email> <user|creator|developer>";

class UsageError extends Error {}

async function withDatabase(task: () => Promise<void>) {
  const config = loadConfig();
  let embedded: EmbeddedDatabase | undefined;
  if (!config.DATABASE_URL) embedded = await startEmbeddedPostgres(config.DATA_DIR, console.log);
  const url = config.DATABASE_URL ?? embedded!.url;
  try {
    await migrateDatabase(url);
    connectDatabase(url, { max: 4 });
    await task();
  } finally {
    await closeDatabase();
    await embedded?.stop();
  }
}

async function setRole(email: string | undefined, role: string | undefined) {
  if (!email || !role) throw new UsageError(USAGE);
  if (!ROLES.includes(role as Role))
    throw new UsageError(`Unknown role "${role}": use one of ${ROLES.join(", ")}`);
  await withDatabase(async () => {
    const [account] = await db()
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, email.toLowerCase()));
    if (!account) throw new UsageError(`No user with the email ${email}`);
    const updated = await db()
      .update(profiles)
      .set({ role: role as Role })
      .where(eq(profiles.id, account.id))
      .returning({ id: profiles.id });
    if (updated.length === 0) throw new UsageError(`The user ${email} has no profile yet`);
    console.log(`${email} is now ${role}.`);
  });
}

async function main(args: string[]) {
  const [command, ...rest] = args;
  switch (command) {
    case "migrate":
      return withDatabase(async () => console.log("Migrations are up to date."));
    case "seed":
      return withDatabase(() => seedDemoContent(console.log));
    case "set-role":
      return setRole(rest[0], rest[1]);
    default:
      throw new UsageError(command ? `Unknown command "${command}". ${USAGE}` : USAGE);
  }
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: Error) => {
    console.error(error instanceof UsageError ? error.message : `Failed: ${error.message}`);
    process.exit(1);
  },
);
