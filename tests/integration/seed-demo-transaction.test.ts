import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { account, profiles, user } from "~/accounts/schema.server";
import { clips } from "~/catalog/schema.server";
import { db } from "~/platform/db/client.server";
import { DEMO_USERS } from "../../server/seed/demo-content";
import { ALL_DEMO_CLIPS } from "../../server/seed/media";
import { seedDemoContent } from "../../server/seed/seed";
import { createProfile } from "../factories/catalog";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

const demoUserIds = DEMO_USERS.map((demo) => demo.id);

async function demoRowCounts() {
  const count = async (table: string) =>
    (await db().execute<{ count: number }>(sql.raw(`select count(*)::int as count from ${table}`))).rows[0]!
      .count;
  return {
    users: (await db().select({ id: user.id }).from(user).where(inArray(user.id, demoUserIds))).length,
    accounts: (
      await db().select({ id: account.id }).from(account).where(inArray(account.userId, demoUserIds))
    ).length,
    profiles: (await db().select({ id: profiles.id }).from(profiles).where(inArray(profiles.id, demoUserIds)))
      .length,
    clips: (
      await db()
        .select({ id: clips.id })
        .from(clips)
        .where(
          inArray(
            clips.id,
            ALL_DEMO_CLIPS.map((clip) => clip.id),
          ),
        )
    ).length,
    tiers: await count("pricing_tiers"),
    tierPrices: await count("pricing_tier_prices"),
    promoCodes: await count("promo_codes"),
    niches: await count("niches"),
  };
}

describe("the demo seed's rows", () => {
  it("go in as one transaction: when the demo's profiles cannot be added, its accounts and clips are not added either", async () => {
    // Someone already holds the last demo account's username: its profile cannot be added.
    const stranger = await createProfile({ username: DEMO_USERS.at(-1)!.username });
    try {
      await expect(seedDemoContent(() => {})).rejects.toThrow();
      const counts = await demoRowCounts();
      expect({ users: counts.users, accounts: counts.accounts, clips: counts.clips }).toEqual({
        users: 0,
        accounts: 0,
        clips: 0,
      });
    } finally {
      await db().delete(profiles).where(eq(profiles.id, stranger!.id));
      await db().delete(user).where(eq(user.id, stranger!.id));
    }
  });

  it("a second seed adds nothing: each demo account keeps one sign-in and one profile, each tier its prices", async () => {
    await seedDemoContent(() => {});
    const first = await demoRowCounts();
    expect(first).toMatchObject({
      users: DEMO_USERS.length,
      accounts: DEMO_USERS.length,
      profiles: DEMO_USERS.length,
      clips: ALL_DEMO_CLIPS.length,
    });
    await seedDemoContent(() => {});
    expect(await demoRowCounts()).toEqual(first);
  });
});
