import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { OPERATOR } from "~/accounts/people/user-admin.server";
import { profiles } from "~/accounts/schema.server";
import { niches } from "~/catalog/schema.server";
import { listAudit } from "~/platform/audit.server";
import { createAccount } from "../factories/accounts";
import { useTestDatabase } from "../setup/database";
import { DEPLOYMENT_SETTINGS } from "../support/server-process";

const database = useTestDatabase();
const dataDir = mkdtempSync(path.join(tmpdir(), "verdeo-cli-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs `server/cli.ts` as the operator would, against this file's database. */
async function cli(...args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "server/cli.ts", ...args],
      {
        env: {
          ...process.env,
          NODE_ENV: "test",
          DATABASE_URL: database.url,
          DATA_DIR: dataDir,
          BETTER_AUTH_SECRET: "cli-test-secret-cli-test-secret-cli-test",
          ...DEPLOYMENT_SETTINGS,
          LOG_LEVEL: "silent",
        },
        timeout: 120_000,
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const roleOf = async (id: string) =>
  (await database.db.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, id)))[0]?.role;

describe("npm run cli -- set-role", () => {
  it("sets the role through the staff console's service, with an audit entry naming the operator", async () => {
    const person = await createAccount();
    const result = await cli("set-role", person.email.toUpperCase(), "creator");
    expect(result).toMatchObject({ code: 0, stdout: expect.stringContaining(`is now creator.`) });
    expect(await roleOf(person.id)).toBe("creator");
    const [entry] = await listAudit({ targetType: "user", targetId: person.id });
    expect(entry).toMatchObject({
      actorId: OPERATOR.id,
      action: "user.set_role",
      before: { role: "user" },
      after: { role: "creator" },
    });

    // The same role again changes nothing and records nothing.
    expect(await cli("set-role", person.email, "creator")).toMatchObject({ code: 0 });
    expect(await listAudit({ targetType: "user", targetId: person.id })).toHaveLength(1);
  }, 240_000);

  it("refuses an unknown email or role with a message and exit code 1, changing nothing", async () => {
    const person = await createAccount();
    expect(await cli("set-role", "nobody@example.test", "creator")).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("No user with the email nobody@example.test"),
    });
    expect(await cli("set-role", person.email, "emperor")).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Unknown role "emperor"'),
    });
    expect(await roleOf(person.id)).toBe("user");
  }, 240_000);
});

describe("npm run cli -- seed --if-empty (the one-shot step before MIGRATE_AT_START=false processes)", () => {
  it("seeds what a deployment's first start would: on a seeded database without SEED_DEMO, nothing, and no demo accounts", async () => {
    const peopleBefore = (await database.db.select({ id: profiles.id }).from(profiles)).length;
    const nichesBefore = (await database.db.select({ id: niches.id }).from(niches)).length;
    expect(nichesBefore).toBeGreaterThan(0);
    expect(await cli("seed", "--if-empty")).toMatchObject({ code: 0 });
    expect(await database.db.select({ id: profiles.id }).from(profiles)).toHaveLength(peopleBefore);
    expect(await database.db.select({ id: niches.id }).from(niches)).toHaveLength(nichesBefore);
  }, 240_000);

  it("refuses an unknown option with the usage line and exit code 1", async () => {
    expect(await cli("seed", "--everything")).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("seed --if-empty"),
    });
  }, 240_000);
});
