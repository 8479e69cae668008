import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { saveLanguage } from "~/accounts/profiles/profile-language.server";
import { renewManualSubscription } from "~/commerce/billing/subscription-lifecycle.server";
import { sweepSubscriptions } from "~/commerce/billing/subscription-sweep.server";
import { BILLING_RENEWAL_PATH } from "~/commerce/billing/subscription-views.server";
import {
  addDays,
  formatBillingDate,
  RENEWAL_BUTTONS,
  SUBSCRIPTION_STATE_LABELS,
  SUBSCRIPTION_TEXTS,
} from "~/commerce/billing/subscriptions";
import { loader as portalLoader } from "~/commerce/routes/billing-portal";
import { action as renewalAction } from "~/commerce/routes/billing-renewal";
import { subscriptions } from "~/commerce/schema.server";
import { getBuyerLibrary, getBuyerOrders } from "~/licensing/library.server";
import { formatDate } from "~/licensing/messages";
import de from "~/locales/de/commerce.json";
import { listAudit } from "~/platform/audit.server";
import { RENEWAL_STOP_TEXTS } from "~/staff/orders/renewal-stop";
import { action as orderAction, loader as orderLoader } from "~/staff/routes/order";
import { loader as subscriptionsLoader } from "~/staff/routes/subscriptions";
import { createAccount, sessionCookie } from "../factories/accounts";
import { createPaidOrder, STAFF_ACTOR } from "../factories/licensing";
import { load, post, signedIn } from "../factories/staff";
import { useTestDatabase } from "../setup/database";
import { outboxFor } from "../support/outbox";

const database = useTestDatabase();

const subscriptionOf = async (orderId: string) =>
  (await database.db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId)))[0]!;
const auditActions = async (targetId: string) =>
  (await listAudit({ targetType: "subscription", targetId })).map((entry) => entry.action).reverse();

/** A buyer with a Pro plan paid by bank transfer (a manual subscription), signed in. */
async function manualSubscriber() {
  const email = `manual-${Math.random().toString(36).slice(2)}@example.com`;
  const account = await createAccount({ email });
  const paid = await createPaidOrder({
    planCategory: "pro",
    billing: "monthly",
    downloads: 0,
    email,
    userId: account.id,
  });
  const subscription = await subscriptionOf(paid.order.id);
  return { account, email, cookie: await sessionCookie(email), subscription };
}

describe("the buyer stops a manual subscription's renewal from the profile", () => {
  it("the profile offers Stop renewal; once stopped it reads 'Ends on' and offers Keep renewing", async () => {
    const buyer = await manualSubscriber();
    const end = formatBillingDate(buyer.subscription.currentPeriodEnd);
    let [view] = (await getBuyerLibrary(buyer.account.id)).subscriptions;
    expect(view).toMatchObject({
      state: "active",
      manageUrl: null,
      renewal: { url: BILLING_RENEWAL_PATH, value: "stop", label: RENEWAL_BUTTONS.stop },
    });

    const reply = await post(
      renewalAction,
      BILLING_RENEWAL_PATH,
      { subscriptionId: buyer.subscription.id, renewal: "stop" },
      buyer.cookie,
    );
    expect(reply).toMatchObject({ status: 302, location: "/profile?tab=orders" });
    [view] = (await getBuyerLibrary(buyer.account.id)).subscriptions;
    expect(view).toMatchObject({
      state: "ending",
      detail: SUBSCRIPTION_TEXTS.endsOn(end),
      renewal: { value: "resume", label: RENEWAL_BUTTONS.resume },
    });
  });

  it("a German buyer reads the subscription, the button and the answer in German, back on the German profile", async () => {
    const buyer = await manualSubscriber();
    await saveLanguage(buyer.account.id, "de");
    const [view] = (await getBuyerOrders(buyer.account.id, new Date(), "de")).subscriptions;
    expect(view).toMatchObject({
      stateLabel: de["commerce.subscription.state.active"],
      renewal: { value: "stop", label: de["commerce.subscription.stop"] },
    });
    expect(view?.detail).toMatch(/^Verlängert sich am /);
    const reply = await post(
      renewalAction,
      BILLING_RENEWAL_PATH,
      { subscriptionId: buyer.subscription.id, renewal: "stop" },
      buyer.cookie,
    );
    expect(reply).toMatchObject({ status: 302, location: "/de/profile?tab=orders" });
  });

  it("a double submit stops it once: one audit entry and one mail through the outbox", async () => {
    const buyer = await manualSubscriber();
    const fields = { subscriptionId: buyer.subscription.id, renewal: "stop" };
    await Promise.all([
      post(renewalAction, BILLING_RENEWAL_PATH, fields, buyer.cookie),
      post(renewalAction, BILLING_RENEWAL_PATH, fields, buyer.cookie),
    ]);
    expect((await subscriptionOf(buyer.subscription.orderId)).cancelAtPeriodEnd).toBe(true);
    expect(await auditActions(buyer.subscription.id)).toEqual(["subscription.renewal_stopped"]);
    const mails = (await outboxFor(buyer.email)).filter((mail) => mail.subject.endsWith("renewal stopped"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(formatBillingDate(buyer.subscription.currentPeriodEnd));
  });

  it("taken back before the period ends, it renews again: audited and mailed", async () => {
    const buyer = await manualSubscriber();
    const submit = (renewal: string) =>
      post(
        renewalAction,
        BILLING_RENEWAL_PATH,
        { subscriptionId: buyer.subscription.id, renewal },
        buyer.cookie,
      );
    await submit("stop");
    await submit("resume");
    await submit("resume");
    expect((await subscriptionOf(buyer.subscription.orderId)).cancelAtPeriodEnd).toBe(false);
    expect(await auditActions(buyer.subscription.id)).toEqual([
      "subscription.renewal_stopped",
      "subscription.renewal_resumed",
    ]);
    expect(
      (await outboxFor(buyer.email)).filter((mail) => mail.subject.endsWith("renewal kept")),
    ).toHaveLength(1);
  });

  it("only the owner can stop it: anyone else, and a malformed form, change nothing", async () => {
    const buyer = await manualSubscriber();
    const stranger = await signedIn("user");
    const refused = await post(
      renewalAction,
      BILLING_RENEWAL_PATH,
      { subscriptionId: buyer.subscription.id, renewal: "stop" },
      stranger.cookie,
    );
    expect(refused).toMatchObject({ status: 302, location: "/profile?tab=orders" });
    await post(
      renewalAction,
      BILLING_RENEWAL_PATH,
      { subscriptionId: "not-an-id", renewal: "stop" },
      buyer.cookie,
    );
    await post(
      renewalAction,
      BILLING_RENEWAL_PATH,
      { subscriptionId: buyer.subscription.id, renewal: "maybe" },
      buyer.cookie,
    );
    expect((await subscriptionOf(buyer.subscription.orderId)).cancelAtPeriodEnd).toBe(false);
    expect(await auditActions(buyer.subscription.id)).toEqual([]);
  });

  it("the sweep ends a stopped subscription when its period runs out, not before, and mails its end", async () => {
    const buyer = await manualSubscriber();
    await post(
      renewalAction,
      BILLING_RENEWAL_PATH,
      { subscriptionId: buyer.subscription.id, renewal: "stop" },
      buyer.cookie,
    );
    const end = buyer.subscription.currentPeriodEnd;
    // The sweep sees every test's subscriptions: this buyer's row and mails tell what it did to theirs.
    await sweepSubscriptions(addDays(end, -6));
    await sweepSubscriptions(addDays(end, -1));
    expect((await subscriptionOf(buyer.subscription.orderId)).status).toBe("active");
    await sweepSubscriptions(addDays(end, 1));
    await sweepSubscriptions(addDays(end, 2));
    const ended = await subscriptionOf(buyer.subscription.orderId);
    expect(ended).toMatchObject({ status: "ended", cancelAtPeriodEnd: false });
    expect(ended.endedAt?.getTime()).toBe(end.getTime());
    expect(
      (await outboxFor(buyer.email)).filter((mail) => mail.subject.endsWith("subscription ended")),
    ).toHaveLength(1);
  });
});

describe("staff stop a manual subscription's renewal from the order page", () => {
  it("Stop renewal sets it to end at its period's end, audited under the staff member and mailed; Resume takes it back", async () => {
    const staff = await signedIn("developer");
    const buyer = await manualSubscriber();
    const orderId = buyer.subscription.orderId;
    const submit = (renewal: string) =>
      post(orderAction, `/staff/orders/${orderId}`, { intent: "renewal", renewal }, staff.cookie, {
        orderId,
      });

    expect((await submit("later")).status).toBe(400);
    expect((await submit("stop")).status).toBe(302);
    expect((await submit("stop")).status).toBe(302);
    const page = await load(orderLoader, `/staff/orders/${orderId}`, staff.cookie, { orderId });
    expect(page.data).toMatchObject({
      subscription: { renewalStopped: true, stateLabel: SUBSCRIPTION_STATE_LABELS.ending },
    });
    const entries = await listAudit({ targetType: "subscription", targetId: buyer.subscription.id });
    expect(entries.map((entry) => [entry.action, entry.actorId])).toEqual([
      ["subscription.renewal_stopped", staff.id],
    ]);
    expect(
      (await outboxFor(buyer.email)).filter((mail) => mail.subject.endsWith("renewal stopped")),
    ).toHaveLength(1);

    expect((await submit("resume")).status).toBe(302);
    expect((await subscriptionOf(orderId)).cancelAtPeriodEnd).toBe(false);
    expect(await auditActions(buyer.subscription.id)).toEqual([
      "subscription.renewal_stopped",
      "subscription.renewal_resumed",
    ]);
  });

  it("an ended subscription's renewal cannot change", async () => {
    const staff = await signedIn("developer");
    const buyer = await manualSubscriber();
    const orderId = buyer.subscription.orderId;
    await database.db
      .update(subscriptions)
      .set({ status: "ended", endedAt: new Date() })
      .where(eq(subscriptions.id, buyer.subscription.id));
    const reply = await post(
      orderAction,
      `/staff/orders/${orderId}`,
      { intent: "renewal", renewal: "stop" },
      staff.cookie,
      { orderId },
    );
    expect(reply).toMatchObject({ status: 409, data: { formError: RENEWAL_STOP_TEXTS.ended } });
    expect(await auditActions(buyer.subscription.id)).toEqual([]);
  });
});

describe("the staff list of subscriptions", () => {
  it("lists renewals due in the next 14 days first, then the running ones, ended last; a buyer finds no such page", async () => {
    const staff = await signedIn("developer");
    const later = await manualSubscriber();
    const due = await manualSubscriber();
    const ended = await manualSubscriber();
    await database.db
      .update(subscriptions)
      .set({ currentPeriodEnd: addDays(new Date(), 3) })
      .where(eq(subscriptions.id, due.subscription.id));
    await database.db
      .update(subscriptions)
      .set({ status: "ended", endedAt: new Date(), currentPeriodEnd: addDays(new Date(), -1) })
      .where(eq(subscriptions.id, ended.subscription.id));

    const page = await load(subscriptionsLoader, "/staff/subscriptions", staff.cookie);
    const rows = (page.data as { subscriptions: { id: string; dueSoon: boolean }[] }).subscriptions;
    const position = (id: string) => rows.findIndex((row) => row.id === id);
    expect(rows.find((row) => row.id === due.subscription.id)?.dueSoon).toBe(true);
    expect(position(due.subscription.id)).toBeLessThan(position(later.subscription.id));
    expect(position(later.subscription.id)).toBeLessThan(position(ended.subscription.id));

    const buyer = await load(subscriptionsLoader, "/staff/subscriptions", later.cookie);
    // The console answers a non-staff account as if it were not there.
    expect(buyer.status).toBe(404);
  });
});

describe("a renewed subscription on the profile", () => {
  it("after a staff renewal, one subscription shows as one plan card running to the renewed period's end", async () => {
    const buyer = await manualSubscriber();
    const renewed = await renewManualSubscription({
      subscriptionId: buyer.subscription.id,
      expectedPeriodEnd: buyer.subscription.currentPeriodEnd,
      reference: "bank transfer 2",
      paidAt: new Date(),
      actor: STAFF_ACTOR,
    });
    if (!renewed.ok) throw new Error(renewed.reason);
    const { plans } = await getBuyerLibrary(buyer.account.id);
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatchObject({
      orderId: buyer.subscription.orderId,
      expiresLabel: formatDate(renewed.value.subscription.currentPeriodEnd),
    });
  });
});

describe("GET /billing/portal", () => {
  it("a bookmarked or reloaded portal address leads to the profile's orders, not a bare 405", async () => {
    const buyer = await manualSubscriber();
    const reply = await load(portalLoader, "/billing/portal", buyer.cookie);
    expect(reply).toMatchObject({ status: 302, location: "/profile?tab=orders" });
  });
});
