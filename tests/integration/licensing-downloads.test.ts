import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clips } from "~/catalog/schema.server";
import { refundOrder } from "~/commerce/orders/order-lifecycle.server";
import { startDownload } from "~/licensing/download-access.server";
import { DOWNLOAD_LINK_SECONDS, signDownloadLink } from "~/licensing/download-link.server";
import { licenseClip } from "~/licensing/downloads.server";
import { getBuyerLibrary } from "~/licensing/library.server";
import { loader as downloadFileLoader } from "~/licensing/routes/download-file";
import { loader as licensePageLoader } from "~/licensing/routes/license";
import { entitlements, licenses } from "~/licensing/schema.server";
import { royaltyLines } from "~/payouts/schema.server";
import { storage } from "~/platform/storage/storage.server";
import { createAccount, sessionCookie } from "../factories/accounts";
import { createClip, createProfile } from "../factories/catalog";
import { routeArgs, settle } from "../factories/commerce";
import { createPaidOrder, STAFF_ACTOR } from "../factories/licensing";
import { useTestDatabase } from "../setup/database";

const database = useTestDatabase();

async function buyerWithPlan(downloads: number, unitPriceCents = 8_900) {
  const account = await createAccount();
  const paid = await createPaidOrder({ userId: account.id, email: account.email, downloads, unitPriceCents });
  return { account, paid, licensee: { userId: account.id, name: "Test Person", email: account.email } };
}

async function clipWithPrivateOriginal(creatorId: string) {
  const id = await createClip({ userId: creatorId, title: "Quiet Lake Morning" });
  const key = `originals/${id}/${randomBytes(4).toString("hex")}.mp4`;
  await storage().put(key, Buffer.from("original bytes of the clip"), { visibility: "private" });
  await database.db.update(clips).set({ originalKey: key, fileSizeBytes: 26 }).where(eq(clips.id, id));
  return id!;
}

function followLink(link: string, cookie: string | null) {
  const url = new URL(link, "http://localhost");
  const [, , licenseId, variant] = url.pathname.split("/");
  const request = new Request(url, { headers: cookie ? { Cookie: cookie } : {} });
  return settle(() =>
    downloadFileLoader({
      ...routeArgs(request),
      params: { licenseId: licenseId!, variant: variant! },
    } as never),
  );
}

describe("spending downloads", () => {
  it("20 parallel clicks with one credit left give exactly one new license", async () => {
    const creator = await createProfile();
    const clipIds = await Promise.all(Array.from({ length: 20 }, () => clipWithPrivateOriginal(creator!.id)));
    const { licensee, paid } = await buyerWithPlan(1);
    const results = await Promise.all(clipIds.map((clipId) => licenseClip({ licensee, clipId })));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok && result.reason === "no_entitlement")).toHaveLength(19);
    const [grant] = await database.db
      .select()
      .from(entitlements)
      .where(eq(entitlements.id, paid.entitlement.id));
    expect(grant?.downloadsUsed).toBe(1);
  });

  it("20 parallel clicks on the same clip make one license, and downloading it again is free", async () => {
    const creator = await createProfile();
    const clipId = await clipWithPrivateOriginal(creator!.id);
    const { licensee, paid } = await buyerWithPlan(3);
    const results = await Promise.all(Array.from({ length: 20 }, () => licenseClip({ licensee, clipId })));
    expect(results.every((result) => result.ok)).toBe(true);
    expect(results.filter((result) => result.ok && result.value.created)).toHaveLength(1);
    const again = await licenseClip({ licensee, clipId });
    expect(again.ok && again.value.created).toBe(false);
    const [grant] = await database.db
      .select()
      .from(entitlements)
      .where(eq(entitlements.id, paid.entitlement.id));
    expect(grant?.downloadsUsed).toBe(1);
    const [clip] = await database.db.select().from(clips).where(eq(clips.id, clipId));
    expect(clip?.downloadsCount).toBe(1);
  });

  it("credits the creator half of what one download of the plan is worth, in cents", async () => {
    const creator = await createProfile();
    const clipId = await clipWithPrivateOriginal(creator!.id);
    // €89.00 for 10 downloads: €8.90 a download, 50% royalty = 445 cents.
    const { licensee } = await buyerWithPlan(10, 8_900);
    const result = await licenseClip({ licensee, clipId });
    if (!result.ok) throw new Error(result.reason);
    const [earning] = await database.db
      .select()
      .from(royaltyLines)
      .where(eq(royaltyLines.licenseId, result.value.license.id));
    expect(earning).toMatchObject({
      creatorId: creator!.id,
      baseCents: 890,
      rateBps: 5_000,
      amountCents: 445,
    });
  });

  it("uses the entitlement that expires first when several are running", async () => {
    const creator = await createProfile();
    const clipId = await clipWithPrivateOriginal(creator!.id);
    const account = await createAccount();
    const annual = await createPaidOrder({
      userId: account.id,
      billing: "annual",
      planCategory: "pro",
      downloads: 0,
    });
    const monthly = await createPaidOrder({
      userId: account.id,
      billing: "monthly",
      planCategory: "pro",
      downloads: 0,
    });
    const result = await licenseClip({
      licensee: { userId: account.id, name: "A", email: account.email },
      clipId,
    });
    expect(result.ok && result.value.license.entitlementId).toBe(monthly.entitlement.id);
    expect(result.ok && result.value.license.entitlementId).not.toBe(annual.entitlement.id);
  });

  it("a refund ends the order's unused credits and its licenses; the public page says so; a new plan licenses again", async () => {
    const creator = await createProfile();
    const [first, second] = [
      await clipWithPrivateOriginal(creator!.id),
      await clipWithPrivateOriginal(creator!.id),
    ];
    const { licensee, paid, account } = await buyerWithPlan(5);
    const licensed = await startDownload({ licensee, clipId: first, variant: "original" });
    if (!licensed.ok) throw new Error(licensed.reason);
    const licenseId = licensed.value.license.id;

    const refunded = await refundOrder({ orderId: paid.order.id, actor: STAFF_ACTOR });

    expect(refunded.ok && refunded.value.changed).toBe(true);
    expect(await licenseClip({ licensee, clipId: second })).toEqual({ ok: false, reason: "no_entitlement" });
    // The clip licensed before the refund is no longer the buyer's: no free re-download.
    expect(await licenseClip({ licensee, clipId: first })).toEqual({ ok: false, reason: "no_entitlement" });
    // A download link made before the refund no longer gives the file.
    expect((await followLink(licensed.value.url, await sessionCookie(account.email))).status).toBe(403);
    const [row] = await database.db.select().from(licenses).where(eq(licenses.id, licenseId));
    expect(row?.revokedAt).toBeInstanceOf(Date);
    const page = (await licensePageLoader({
      ...routeArgs(new Request(`http://localhost/license/${licenseId}`)),
      params: { licenseId },
    } as never)) as unknown as { data: { license: { revokedAt: string | null } } };
    expect(page.data.license.revokedAt).toBe(row!.revokedAt!.toISOString());
    expect(await getBuyerLibrary(account.id).then((library) => library.downloads)).toHaveLength(0);

    // With a new plan the clip is licensed again, as a new license.
    await createPaidOrder({ userId: account.id, email: account.email, downloads: 5 });
    const again = await licenseClip({ licensee, clipId: first });
    expect(again.ok && again.value.license.id).not.toBe(licenseId);
    const rows = await database.db.select().from(licenses).where(eq(licenses.userId, licensee.userId));
    expect(rows).toHaveLength(2);
  });

  it("never spends a credit on a file the clip does not offer", async () => {
    const creator = await createProfile();
    const clipId = await clipWithPrivateOriginal(creator!.id);
    const { licensee, paid } = await buyerWithPlan(1);
    expect(await startDownload({ licensee, clipId, variant: "1080p" })).toEqual({
      ok: false,
      reason: "no_such_file",
    });
    const [grant] = await database.db
      .select()
      .from(entitlements)
      .where(eq(entitlements.id, paid.entitlement.id));
    expect(grant?.downloadsUsed).toBe(0);
  });
});

describe("download links", () => {
  it("take the licensee to a short-lived storage link that downloads the file as an attachment", async () => {
    const creator = await createProfile();
    const clipId = await clipWithPrivateOriginal(creator!.id);
    const { licensee, account } = await buyerWithPlan(2);
    const started = await startDownload({ licensee, clipId, variant: "original" });
    if (!started.ok) throw new Error(started.reason);
    const followed = await followLink(started.value.url, await sessionCookie(account.email));
    expect(followed.status).toBe(302);
    expect(followed.location).toMatch(
      /\/signed\/originals\/.+\?expires=\d+&name=verdeo-\d+-quiet-lake-morning-original\.mp4&signature=/,
    );
  });

  it("another user cannot use someone's link, and a visitor without a session neither", async () => {
    const creator = await createProfile();
    const clipId = await clipWithPrivateOriginal(creator!.id);
    const { licensee } = await buyerWithPlan(2);
    const started = await startDownload({ licensee, clipId, variant: "original" });
    if (!started.ok) throw new Error(started.reason);
    const intruder = await createAccount();
    expect((await followLink(started.value.url, await sessionCookie(intruder.email))).status).toBe(403);
    expect((await followLink(started.value.url, null)).status).toBe(403);
    // Nor can they sign a link of their own for the licensee's license.
    const forged = signDownloadLink({
      licenseId: started.value.license.id,
      variant: "original",
      userId: intruder.id,
    });
    expect((await followLink(forged, await sessionCookie(intruder.email))).status).toBe(403);
  });

  it("an expired link answers 403", async () => {
    const creator = await createProfile();
    const clipId = await clipWithPrivateOriginal(creator!.id);
    const { licensee, account } = await buyerWithPlan(2);
    const licensed = await licenseClip({ licensee, clipId });
    if (!licensed.ok) throw new Error(licensed.reason);
    const old = signDownloadLink(
      { licenseId: licensed.value.license.id, variant: "original", userId: account.id },
      Date.now() - (DOWNLOAD_LINK_SECONDS + 1) * 1000,
    );
    expect((await followLink(old, await sessionCookie(account.email))).status).toBe(403);
  });
});

describe("creator earnings", () => {
  it("add up by month and by clip for the creator only", async () => {
    const { getCreatorEarnings } = await import("~/payouts/ledger/earnings.server");
    const creator = await createProfile();
    const [first, second] = [
      await clipWithPrivateOriginal(creator!.id),
      await clipWithPrivateOriginal(creator!.id),
    ];
    for (const clipId of [first, second, first]) {
      const { licensee } = await buyerWithPlan(10, 8_900);
      expect((await licenseClip({ licensee, clipId })).ok).toBe(true);
    }
    const earnings = await getCreatorEarnings(creator!.id);
    expect(earnings).toMatchObject({ total: "€13.35", licenses: 3 });
    expect(earnings.months).toHaveLength(1);
    expect(earnings.clips.map((clip) => [clip.clipId, clip.licenses, clip.amount])).toEqual([
      [first, 2, "€8.90"],
      [second, 1, "€4.45"],
    ]);
    const other = await createProfile();
    expect(await getCreatorEarnings(other!.id)).toMatchObject({ total: "€0.00", licenses: 0 });
  });
});
