import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { correctOrderForConfirmedVat, vatConfirmedOrderJob } from "~/commerce/orders/vat-corrections.server";
import { findVatCheck } from "~/commerce/pricing/vat-check.queries.server";
import { checkVatNumberOnce, vatNumberCheckJob } from "~/commerce/pricing/vat-check.server";
import { action as checkoutAction } from "~/commerce/routes/checkout";
import { VAT_CHECKS_LIMITED_MESSAGE } from "~/commerce/routes/checkout.action.server";
import { creditNotes, orders } from "~/commerce/schema.server";
import { startCardCheckout } from "~/commerce/stripe/stripe.server";
import { loadConfig } from "~/platform/config.server";
import { workDueJobs } from "~/platform/jobs/queue.server";
import { choosePlan, cookiePair, postForm, routeArgs, settle, submitCheckout } from "../factories/commerce";
import { createOrder } from "../factories/licensing";
import { useTestDatabase } from "../setup/database";
import { type FakeVatRegisters, startFakeVatRegisters } from "../support/fake-vat-registers";
import { outboxFor } from "../support/outbox";
import { useFakeStripe } from "../support/use-fake-stripe";

/* Reverse charge only once the register confirms the VAT number (pricing/vat-confirmation.ts). */

const database = useTestDatabase();
const stripe = useFakeStripe("whsec_test_vat_confirmation");
let registers: FakeVatRegisters;

beforeAll(async () => {
  registers = await startFakeVatRegisters();
  process.env.VIES_URL = registers.viesUrl;
  process.env.HMRC_VAT_URL = registers.hmrcUrl;
  process.env.HMRC_REQUESTER_VRN = "GB999888777";
  loadConfig();
});
afterAll(async () => {
  delete process.env.VIES_URL;
  delete process.env.HMRC_VAT_URL;
  delete process.env.HMRC_REQUESTER_VRN;
  loadConfig();
  await registers.close();
});
beforeEach(() => {
  stripe.fake.requests.length = 0;
});

const JOBS = [vatNumberCheckJob, vatConfirmedOrderJob];
const orderOf = async (email: string) =>
  (await database.db.select().from(orders).where(eq(orders.email, email)))[0];
const orderRow = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const notesOf = (orderId: string) =>
  database.db
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.orderId, orderId))
    .orderBy(asc(creditNotes.number));
const askedAbout = (vatNumber: string) => registers.asked.filter((ask) => ask.vatNumber === vatNumber);
/** A retry waits for its delay: made due now, as time passing would. */
const makeRetriesDue = () =>
  database.db.execute(
    sql`update pgboss.job set start_after = now() where name like 'commerce.vat-%' and state = 'retry'`,
  );

let buyers = 0;
async function placeAs(email: string, vatNumber: string, country = "DE") {
  const clientIp = `203.0.113.${++buyers}`;
  const cookie = await choosePlan("creator", { clientIp });
  const fields = { email, country, buyerType: "business", company: "Nordlicht Film GmbH", vatNumber };
  return submitCheckout(cookie, fields, clientIp);
}

describe("a VAT number at checkout", () => {
  it("is priced with the buyer's VAT while pending; its confirmation re-prices the unpaid order at 0% once", async () => {
    const placed = await placeAs("pending-then-confirmed@example.com", "DE201111111");
    // Card payment is on in this file: the buyer is sent to pay next.
    expect(placed.location).toBe("/checkout/pay");
    const order = (await orderOf("pending-then-confirmed@example.com"))!;
    expect(order).toMatchObject({
      vatNumber: "DE201111111",
      vatRateBps: 1900,
      taxReason: "eu_consumer",
      vatCheckStatus: "pending",
      vatConsultationNumber: null,
    });
    expect(order.vatAmountCents).toBeGreaterThan(0);
    const [placedMail] = await outboxFor(order.email);
    expect(placedMail?.text).toContain("We are confirming your VAT number DE201111111 with VIES.");

    await workDueJobs(JOBS);

    expect(askedAbout("DE201111111")).toEqual([
      { register: "VIES", vatNumber: "DE201111111", requester: "CY00000000X" },
    ]);
    const corrected = await orderRow(order.id);
    expect(corrected).toMatchObject({
      status: "awaiting_payment",
      vatRateBps: 0,
      vatAmountCents: 0,
      totalCents: order.subtotalCents - order.promoValueCents,
      taxReason: "reverse_charge",
      vatCheckStatus: "confirmed",
      vatConsultationNumber: "WAPIDE201111111",
    });
    // A replayed job changes nothing more and mails nothing more.
    expect(await correctOrderForConfirmedVat(order.id)).toBe("unchanged");
    const mails = (await outboxFor(order.email)).filter((mail) =>
      mail.subject.endsWith("VAT number confirmed"),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("consultation number WAPIDE201111111");
    expect(mails[0]!.text).toContain("without VAT: please pay that amount");
  });

  it("a confirmed number is reused: the next order is a reverse charge at once, the register not asked again", async () => {
    await placeAs("first@example.com", "DE202222222");
    await workDueJobs(JOBS);
    await placeAs("second@example.com", "DE202222222");
    expect(await orderOf("second@example.com")).toMatchObject({
      vatRateBps: 0,
      vatAmountCents: 0,
      taxReason: "reverse_charge",
      vatCheckStatus: "confirmed",
      vatConsultationNumber: "WAPIDE202222222",
    });
    await workDueJobs(JOBS);
    expect(askedAbout("DE202222222")).toHaveLength(1);
  });

  it("a number VIES rejects is refused with a clear sentence, and no order is placed with it", async () => {
    await placeAs("first-rejected@example.com", "DE200000001");
    await workDueJobs(JOBS);
    expect((await findVatCheck("DE200000001"))?.status).toBe("rejected");
    // The first order (placed while pending) keeps its VAT; it is never reverse-charged.
    expect(await orderOf("first-rejected@example.com")).toMatchObject({
      vatRateBps: 1900,
      vatCheckStatus: "pending",
    });

    const refused = await placeAs("rejected@example.com", "DE200000001");
    expect(refused.status).toBe(400);
    expect(refused.data?.fieldErrors?.vatNumber).toBe(
      "VIES does not know the VAT number DE200000001. Check it, or buy without it and VAT is added.",
    );
    expect(await orderOf("rejected@example.com")).toBeUndefined();
  });

  it("while VIES is down the order includes VAT; when it answers again, the order is corrected", async () => {
    registers.answer("DE203333333", "down");
    await placeAs("down@example.com", "DE203333333");
    await workDueJobs(JOBS);
    expect((await findVatCheck("DE203333333"))?.status).toBe("unavailable");
    const order = (await orderOf("down@example.com"))!;
    expect(order).toMatchObject({ vatRateBps: 1900, vatCheckStatus: "pending" });

    // A second order while it is down is priced with VAT too, and records why.
    await placeAs("down-again@example.com", "DE203333333");
    expect(await orderOf("down-again@example.com")).toMatchObject({
      vatRateBps: 1900,
      vatCheckStatus: "unavailable",
    });

    registers.answer("DE203333333", "valid");
    await makeRetriesDue();
    await workDueJobs(JOBS);
    expect((await findVatCheck("DE203333333"))?.status).toBe("confirmed");
    expect(await orderRow(order.id)).toMatchObject({ vatRateBps: 0, vatCheckStatus: "confirmed" });
    expect(await orderOf("down-again@example.com")).toMatchObject({
      vatRateBps: 0,
      vatCheckStatus: "confirmed",
    });
  });

  it("a register slower than the timeout counts as unavailable, never as a confirmation", async () => {
    registers.answer("DE207777777", "slow");
    await database.db.transaction((tx) => checkVatNumberOnce(tx, "DE207777777"));
    await workDueJobs([vatNumberCheckJob]);
    expect(await findVatCheck("DE207777777")).toMatchObject({
      status: "unavailable",
      consultationNumber: null,
    });
  }, 30_000);
});

describe("checking numbers from one address", () => {
  it("is limited: past 30 new numbers an hour the next is refused with 429, a number already known still quotes", async () => {
    const clientIp = "203.0.113.250";
    let cookie = await choosePlan("creator", { clientIp });
    const update = async (vatNumber: string) => {
      const fields = { intent: "update", country: "DE", buyerType: "business", vatNumber };
      const answer = await settle(() =>
        checkoutAction(routeArgs(postForm("/checkout", fields, cookie), clientIp)),
      );
      if (answer.setCookie) cookie = cookiePair(answer.setCookie);
      return answer;
    };
    for (let n = 0; n < 30; n++) expect((await update(`DE6${10_000_000 + n}`)).status).toBe(200);
    const refused = await update("DE512345678");
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({ fieldErrors: { vatNumber: VAT_CHECKS_LIMITED_MESSAGE } });
    expect(await findVatCheck("DE512345678")).toBeNull();
    expect((await update("DE610000001")).status).toBe(200);
  });
});

describe("a number confirmed after its order was paid", () => {
  async function cardPaidPendingOrder(email: string, vatNumber: string) {
    const order = await createOrder({
      email,
      fields: {
        country: "DE",
        buyerType: "business",
        vatNumber,
        taxReason: "eu_consumer",
        vatCheckStatus: "pending",
      },
    });
    const checkout = await startCardCheckout(order.id);
    if (!checkout.ok) throw new Error(checkout.reason);
    await stripe.fake.deliverAll(await stripe.fake.completeCheckout(checkout.value.url.split("/").pop()!));
    return orderRow(order.id);
  }

  it("gets its VAT back through Stripe with a credit note for exactly the VAT, once however often the job runs", async () => {
    const order = await cardPaidPendingOrder("paid-card@example.com", "DE204444444");
    expect(order.status).toBe("paid");
    await database.db.transaction((tx) => checkVatNumberOnce(tx, "DE204444444"));

    await workDueJobs(JOBS);

    const refunds = stripe.fake.requests.filter((request) => request.path === "/v1/refunds");
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.body.get("amount")).toBe(String(order.vatAmountCents));
    expect(refunds[0]!.idempotencyKey).toBe(`vat-confirmed-${order.id}`);
    const [note] = await notesOf(order.id);
    expect(note).toMatchObject({ amountCents: order.vatAmountCents, vatCents: order.vatAmountCents });
    expect(await orderRow(order.id)).toMatchObject({
      status: "paid",
      refundedCents: order.vatAmountCents,
      // The invoice stands as issued; the credit note corrects it.
      vatAmountCents: order.vatAmountCents,
      vatCheckStatus: "confirmed",
      vatConsultationNumber: "WAPIDE204444444",
    });

    // Replays: the job again, the confirmation again, and Stripe's report of the refund.
    expect(await correctOrderForConfirmedVat(order.id)).toBe("unchanged");
    await database.db.execute(
      sql`update vat_number_checks set checked_at = now() - interval '40 days' where vat_number = 'DE204444444'`,
    );
    await database.db.transaction((tx) => checkVatNumberOnce(tx, "DE204444444"));
    await workDueJobs(JOBS);
    await stripe.fake.deliverAll(stripe.fake.events.filter((event) => event.type === "charge.refunded"));
    expect(stripe.fake.requests.filter((request) => request.path === "/v1/refunds")).toHaveLength(1);
    expect(await notesOf(order.id)).toHaveLength(1);
    expect((await orderRow(order.id)).refundedCents).toBe(order.vatAmountCents);
    const mails = (await outboxFor(order.email)).filter((mail) =>
      mail.subject.endsWith("VAT number confirmed"),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("goes back to your card");
  });
});

describe("a number confirmed while the card payment is open", () => {
  it("waits for the payment (its amount is fixed at Stripe), then credits the VAT", async () => {
    const order = await createOrder({
      email: "card-open@example.com",
      fields: { country: "DE", buyerType: "business", vatNumber: "DE205555551", vatCheckStatus: "pending" },
    });
    const checkout = await startCardCheckout(order.id);
    if (!checkout.ok) throw new Error(checkout.reason);
    await database.db.transaction((tx) => checkVatNumberOnce(tx, "DE205555551"));
    await workDueJobs(JOBS);
    // Not re-priced under the open payment: Stripe would charge the old amount and the order refuse it.
    expect(await orderRow(order.id)).toMatchObject({ status: "awaiting_payment", vatCheckStatus: "pending" });

    await stripe.fake.deliverAll(await stripe.fake.completeCheckout(checkout.value.url.split("/").pop()!));
    await makeRetriesDue();
    await workDueJobs(JOBS);
    const paid = await orderRow(order.id);
    expect(paid).toMatchObject({
      status: "paid",
      vatCheckStatus: "confirmed",
      refundedCents: paid.vatAmountCents,
    });
    expect(await notesOf(order.id)).toHaveLength(1);
  });
});

describe("a GB number is checked with HMRC", () => {
  it("with the seller's UK registration as requester, storing the consultation number and the registered name", async () => {
    await database.db.transaction((tx) => checkVatNumberOnce(tx, "GB123456789"));
    await workDueJobs([vatNumberCheckJob]);
    expect(askedAbout("GB123456789")).toEqual([
      { register: "HMRC", vatNumber: "GB123456789", requester: "999888777" },
    ]);
    expect(await findVatCheck("GB123456789")).toMatchObject({
      register: "HMRC",
      status: "confirmed",
      consultationNumber: "HMRC-123456789",
      registeredName: "Thames Pictures Ltd",
      registeredAddress: "1 Bankside, SE1 9TG, GB",
    });
  });

  it("a number HMRC does not know is rejected", async () => {
    await database.db.transaction((tx) => checkVatNumberOnce(tx, "GB100000009"));
    await workDueJobs([vatNumberCheckJob]);
    expect((await findVatCheck("GB100000009"))?.status).toBe("rejected");
  });
});
