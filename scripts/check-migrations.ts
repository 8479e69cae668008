/**
 * Fails when the Drizzle schema and the committed migrations disagree: generates into a scratch
 * copy of db/migrations and checks that nothing new appears.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const scratch = mkdtempSync(path.join(tmpdir(), "verdeo-migrations-"));
try {
  cpSync("db/migrations", scratch, { recursive: true });
  const before = readdirSync(scratch).length;
  execFileSync(
    "npx",
    [
      "drizzle-kit",
      "generate",
      "--dialect",
      "postgresql",
      "--schema",
      "app/*/schema.server.ts",
      "--out",
      scratch,
    ],
    { stdio: "pipe" },
  );
  const added = readdirSync(scratch).filter((file) => file.endsWith(".sql")).length + 1 - before;
  if (added > 0) {
    console.error(
      "The schema has changes without a migration: run `npm run db:generate` and commit the result.",
    );
    process.exit(1);
  }
  console.log("Schema and migrations agree.");
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
