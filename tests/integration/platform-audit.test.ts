import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { findClip } from "~/catalog/clips/catalog.server";
import { listUploads } from "~/catalog/profile/profile-clips.queries.server";
import { parseExploreQuery } from "~/catalog/search/explore-query.server";
import { searchClips } from "~/catalog/search/search.server";
import { listSitemapClips } from "~/catalog/search/sitemap.queries.server";
import { listAudit, recordAudit } from "~/platform/audit.server";
import { db } from "~/platform/db/client.server";
import { auditLog } from "~/platform/schema.server";
import { createClip, createProfile } from "../factories/catalog";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

describe("audit log", () => {
  it("an entry written inside a transaction that rolls back is not kept", async () => {
    await db()
      .transaction(async (tx) => {
        await recordAudit(tx, {
          actorId: "staff-1",
          action: "order.mark_paid",
          targetType: "order",
          targetId: "o-1",
        });
        throw new Error("the change failed");
      })
      .catch(() => {});
    expect(await listAudit({ targetId: "o-1" })).toHaveLength(0);
  });

  it("keeps who did what to what with the values before and after, newest first", async () => {
    await recordAudit(db(), {
      actorId: "staff-1",
      action: "user.set_role",
      targetType: "user",
      targetId: "u-1",
      before: { role: "user" },
      after: { role: "creator" },
    });
    await recordAudit(db(), {
      actorId: "staff-2",
      action: "user.suspend",
      targetType: "user",
      targetId: "u-1",
    });
    const entries = await listAudit({ targetType: "user", targetId: "u-1" });
    expect(entries.map((entry) => entry.action)).toEqual(["user.suspend", "user.set_role"]);
    expect(entries[1]).toMatchObject({
      actorId: "staff-1",
      before: { role: "user" },
      after: { role: "creator" },
    });
  });

  it("refuses to update or delete an entry (append-only)", async () => {
    await recordAudit(db(), {
      actorId: "staff-1",
      action: "promo.create",
      targetType: "promo",
      targetId: "SPRING",
    });
    // Drizzle wraps the database's error; the trigger's own message is its cause.
    const refused = { cause: { message: "audit_log is append-only" } };
    await expect(db().update(auditLog).set({ action: "forged" })).rejects.toMatchObject(refused);
    await expect(db().delete(auditLog)).rejects.toMatchObject(refused);
    await expect(db().execute("truncate audit_log")).rejects.toMatchObject(refused);
    expect(await db().select().from(auditLog).where(eq(auditLog.targetId, "SPRING"))).toHaveLength(1);
  });
});

describe("clip status", () => {
  it("the public catalogue shows published clips only", async () => {
    const creator = await createProfile();
    const published = await createClip({ userId: creator.id, title: "Aurora Fjord Published" });
    const hidden = await Promise.all(
      (["processing", "needs_details", "in_review", "rejected", "failed", "unpublished"] as const).map(
        (status) => createClip({ userId: creator.id, title: `Aurora Fjord ${status}`, status }),
      ),
    );
    expect(await findClip(published)).toBeDefined();
    for (const id of hidden) expect(await findClip(id)).toBeUndefined();
    expect((await listUploads(creator.id)).map((clip) => clip.id)).toEqual([published]);
    const sitemapIds = (await listSitemapClips({ first: 0, last: 2 ** 31 - 1 }, -1, 10_000)).map(
      (clip) => clip.id,
    );
    expect(sitemapIds).toContain(published);
    for (const id of hidden) expect(sitemapIds).not.toContain(id);
    const found = await searchClips(parseExploreQuery(new URLSearchParams("q=aurora fjord")));
    expect(found.clips.map((clip) => clip.id)).toEqual([published]);
  });
});
