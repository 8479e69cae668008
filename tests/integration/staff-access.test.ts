import { count } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { contactMessages, contactReplies, creatorApplications, profiles } from "~/accounts/schema.server";
import { clipReports, clips as clipsTable } from "~/catalog/schema.server";
import { orders as ordersTable, pricingPlans, pricingTiers, promoCodes } from "~/commerce/schema.server";
import { proposeRun } from "~/payouts/runs/payout-runs.server";
import { payoutRuns } from "~/payouts/schema.server";
import { db } from "~/platform/db/client.server";
import { auditLog } from "~/platform/schema.server";
import * as audit from "~/staff/routes/audit";
import * as clip from "~/staff/routes/clip";
import * as clips from "~/staff/routes/clips";
import * as creators from "~/staff/routes/creators";
import * as jobs from "~/staff/routes/jobs";
import * as layout from "~/staff/routes/layout";
import * as message from "~/staff/routes/message";
import * as messages from "~/staff/routes/messages";
import * as order from "~/staff/routes/order";
import * as orders from "~/staff/routes/orders";
import * as overview from "~/staff/routes/overview";
import * as payoutRun from "~/staff/routes/payout-run";
import * as payoutsPage from "~/staff/routes/payouts";
import * as plans from "~/staff/routes/plans";
import * as promo from "~/staff/routes/promo";
import * as promoNew from "~/staff/routes/promo-new";
import * as promos from "~/staff/routes/promos";
import * as reports from "~/staff/routes/reports";
import * as review from "~/staff/routes/review";
import * as users from "~/staff/routes/users";
import { createClip, createProfile } from "../factories/catalog";
import { findTierId } from "../factories/commerce";
import { createOrder } from "../factories/licensing";
import { load, post, signedIn } from "../factories/staff";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

/** Row counts and contents of everything a staff action could change. */
async function snapshot() {
  const tables = [
    profiles,
    creatorApplications,
    contactMessages,
    contactReplies,
    clipsTable,
    clipReports,
    ordersTable,
    pricingPlans,
    pricingTiers,
    promoCodes,
    payoutRuns,
    auditLog,
  ];
  const counts = await Promise.all(tables.map((table) => db().select({ value: count() }).from(table)));
  const [allProfiles, allClips, allOrders, allPlans, allTiers, allPromos] = await Promise.all([
    db().select().from(profiles),
    db().select({ id: clipsTable.id, status: clipsTable.status }).from(clipsTable),
    db().select().from(ordersTable),
    db().select().from(pricingPlans),
    db().select().from(pricingTiers),
    db().select().from(promoCodes),
  ]);
  return {
    counts: counts.map((rows) => rows[0]?.value),
    allProfiles,
    allClips,
    allOrders,
    allPlans,
    allTiers,
    allPromos,
  };
}

describe("the staff console is invisible to everyone but developers", () => {
  const ids: Record<string, string> = {};
  const visitors: Record<string, string | undefined> = { anonymous: undefined };

  beforeAll(async () => {
    const creator = await createProfile();
    ids.clip = String(await createClip({ userId: creator.id, status: "in_review" }));
    const target = await signedIn("user");
    ids.user = target.id;
    const [application] = await db()
      .insert(creatorApplications)
      .values({
        userId: target.id,
        portfolioUrl: "https://example.com",
        message: "Drone work",
        termsAcceptedAt: new Date(),
      })
      .returning();
    ids.application = application!.id;
    const [contact] = await db()
      .insert(contactMessages)
      .values({
        userId: target.id,
        username: "someone",
        email: target.email,
        subject: "Hi",
        message: "Hello",
      })
      .returning();
    ids.message = contact!.id;
    ids.order = (await createOrder()).id;
    const run = await proposeRun("2026-01", new Date());
    if (run.ok) ids.run = run.value.run.id;
    await db().insert(promoCodes).values({ code: "HIDDEN10", type: "percent", value: 10 });
    ids.tier = String(await findTierId("creator"));
    const [report] = await db()
      .insert(clipReports)
      .values({ clipId: Number(ids.clip), reason: "spam", details: "x" })
      .returning();
    ids.report = String(report!.id);
    visitors.user = (await signedIn("user")).cookie;
    visitors.creator = (await signedIn("creator")).cookie;
  });

  const loaders = () =>
    [
      [layout.loader, "/staff", {}],
      [overview.loader, "/staff", {}],
      [review.loader, "/staff/review", {}],
      [clips.loader, "/staff/clips", {}],
      [clip.loader, `/staff/clips/${ids.clip}`, { clipId: ids.clip }],
      [reports.loader, "/staff/reports", {}],
      [creators.loader, "/staff/creators", {}],
      [orders.loader, "/staff/orders", {}],
      [order.loader, `/staff/orders/${ids.order}`, { orderId: ids.order }],
      [payoutsPage.loader, "/staff/payouts", {}],
      [payoutRun.loader, `/staff/payouts/${ids.run}`, { runId: ids.run }],
      [jobs.loader, "/staff/jobs", {}],
      [messages.loader, "/staff/messages", {}],
      [message.loader, `/staff/messages/${ids.message}`, { messageId: ids.message }],
      [promos.loader, "/staff/promos", {}],
      [promoNew.loader, "/staff/promos/new", {}],
      [promo.loader, "/staff/promos/HIDDEN10", { code: "HIDDEN10" }],
      [plans.loader, "/staff/plans", {}],
      [users.loader, "/staff/users", {}],
      [audit.loader, "/staff/audit", {}],
    ] as const;

  /** Well-formed, forged submissions: each would change something if it were let through. */
  const actions = () =>
    [
      [clip.action, `/staff/clips/${ids.clip}`, { intent: "approve" }, { clipId: ids.clip }],
      [
        clip.action,
        `/staff/clips/${ids.clip}`,
        { intent: "take-down", reason: "copyright", confirmed: "yes" },
        { clipId: ids.clip },
      ],
      [reports.action, "/staff/reports", { target: ids.report, status: "resolved" }, {}],
      [creators.action, "/staff/creators", { intent: "approve", target: ids.application }, {}],
      [
        order.action,
        `/staff/orders/${ids.order}`,
        { intent: "mark-paid", reference: "forged", paidAt: "2026-01-02" },
        { orderId: ids.order },
      ],
      [
        order.action,
        `/staff/orders/${ids.order}`,
        { intent: "cancel", confirmed: "yes" },
        { orderId: ids.order },
      ],
      [payoutsPage.action, "/staff/payouts", { intent: "propose", period: "2026-01" }, {}],
      [
        payoutRun.action,
        `/staff/payouts/${ids.run}`,
        { intent: "approve", confirmed: "yes" },
        { runId: ids.run },
      ],
      [jobs.action, "/staff/jobs", { intent: "retry", target: "00000000-0000-4000-8000-000000000000" }, {}],
      [
        message.action,
        `/staff/messages/${ids.message}`,
        { intent: "reply", body: "forged reply" },
        { messageId: ids.message },
      ],
      [
        message.action,
        `/staff/messages/${ids.message}`,
        { intent: "set-status", status: "closed" },
        { messageId: ids.message },
      ],
      [promoNew.action, "/staff/promos/new", { code: "FORGED", type: "percent", value: "90" }, {}],
      [
        promo.action,
        "/staff/promos/HIDDEN10",
        { intent: "update", type: "percent", value: "99" },
        { code: "HIDDEN10" },
      ],
      [
        promo.action,
        "/staff/promos/HIDDEN10",
        { intent: "deactivate", confirmed: "yes" },
        { code: "HIDDEN10" },
      ],
      [
        plans.action,
        "/staff/plans",
        {
          intent: "update-tier",
          category: "creator",
          tierId: ids.tier,
          downloads: "5",
          price: "0.01",
          displayOrder: "0",
        },
        {},
      ],
      [
        plans.action,
        "/staff/plans",
        { intent: "update-plan", category: "creator", title: "Forged", subtitle: "x", displayOrder: "0" },
        {},
      ],
      [users.action, "/staff/users", { intent: "set-role", target: ids.user, role: "developer" }, {}],
      [users.action, "/staff/users", { intent: "suspend", target: ids.user, confirmed: "yes" }, {}],
    ] as const;

  for (const who of ["anonymous", "user", "creator"]) {
    it(`every page answers 404 to ${who === "anonymous" ? "an anonymous visitor" : `a signed-in ${who}`}`, async () => {
      for (const [loader, path, params] of loaders()) {
        const result = await load(loader, path, visitors[who], params);
        expect({ path, status: result.status }).toEqual({ path, status: 404 });
      }
    });

    it(`every forged POST from ${who === "anonymous" ? "an anonymous visitor" : `a ${who}`} answers 404 and changes nothing`, async () => {
      const before = await snapshot();
      for (const [action, path, fields, params] of actions()) {
        const result = await post(action, path, fields, visitors[who], params);
        const intent = (fields as Record<string, string>).intent;
        expect({ path, intent, status: result.status }).toEqual({
          path,
          intent,
          status: 404,
        });
      }
      expect(await snapshot()).toEqual(before);
    });
  }

  it("a developer gets every page", async () => {
    const developer = await signedIn("developer");
    for (const [loader, path, params] of loaders()) {
      const result = await load(loader, path, developer.cookie, params);
      expect({ path, status: result.status }).toEqual({ path, status: 200 });
    }
  });
});
