import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Database } from "~/platform/db/client.server";
import { account, session, user, verification } from "../schema.server";

/**
 * The auth library reads and writes its four tables itself; what it needs from us is the pool and
 * the tables. Handing it the tables is configuration, not a query, but it names the schema, so it
 * sits here with the other files that do (docs/architecture.md) and auth.server.ts stays a service.
 */
export function authDatabase(database: Database) {
  return drizzleAdapter(database, {
    provider: "pg",
    schema: { user, session, account, verification },
  });
}
