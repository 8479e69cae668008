import { isStripePayment } from "~/payments/payment-reference";
import { refundStripePayment } from "~/payments/stripe-client.server";
import { recordAudit } from "~/platform/audit.server";
import { db, type Transaction } from "~/platform/db/client.server";
import { defineJob } from "~/platform/jobs/define.server";
import { allocateCreditNote } from "../billing/invoice.queries.server";
import { findVatCheck, setOrderVatFields } from "../pricing/vat-check.queries.server";
import { lockOrder, type Order } from "./order.queries.server";
import { queueOrderMail } from "./order-mail-queue.server";

/*
 * A VAT number confirmed after its order was priced with VAT (the check was pending, or the
 * register down, when it was placed; pricing/vat-confirmation.ts). An order not paid yet is
 * re-priced without VAT before payment; a paid one keeps its invoice and gets the VAT back: a
 * credit note for exactly the VAT, the money through Stripe (or by the team for a bank payment),
 * and a mail. One transaction with the order locked; the order's vat_check_status turning
 * "confirmed" in it is what makes a replay change nothing.
 */

const SYSTEM_ACTOR_ID = "system:vat-check";

/** The card payment's session is open: its amount is fixed, so the order waits until it is paid or closed. */
export class VatCorrectionWaitsForPayment extends Error {}

export const CREDIT_NOTE_VAT_REASON = "VAT number confirmed: reverse charge, the VAT is credited";

export const vatConfirmedOrderJob = defineJob<{ orderId: string }>({
  name: "commerce.vat-confirmed-order",
  handler: async ({ orderId }) => {
    await correctOrderForConfirmedVat(orderId);
  },
  policy: "stately",
  retryLimit: 8,
  retryDelaySeconds: 60,
  retryBackoff: true,
  retryDelayMaxSeconds: 6 * 3600,
});

export type VatCorrection = "repriced" | "credited" | "unchanged";

export async function correctOrderForConfirmedVat(orderId: string, now = new Date()): Promise<VatCorrection> {
  return db().transaction(async (tx) => {
    const before = await lockOrder(tx, orderId);
    if (
      !before?.vatNumber ||
      (before.vatCheckStatus !== "pending" && before.vatCheckStatus !== "unavailable")
    )
      return "unchanged";
    const check = await findVatCheck(before.vatNumber, tx);
    if (check?.status !== "confirmed") return "unchanged";
    const confirmed = {
      vatCheckStatus: "confirmed" as const,
      vatConsultationNumber: check.consultationNumber,
    };
    if (before.status === "awaiting_payment") {
      if (before.stripeSessionId)
        throw new VatCorrectionWaitsForPayment(`order ${orderId} has a card payment open`);
      return reprice(tx, before, confirmed);
    }
    if (before.status === "paid") return credit(tx, before, confirmed, now);
    // Cancelled or refunded meanwhile: nothing is owed either way; the order only records the confirmation.
    await setOrderVatFields(tx, orderId, confirmed);
    return "unchanged";
  });
}

type Confirmed = { vatCheckStatus: "confirmed"; vatConsultationNumber: string | null };

async function reprice(tx: Transaction, before: Order, confirmed: Confirmed): Promise<VatCorrection> {
  const order = await setOrderVatFields(tx, before.id, {
    ...confirmed,
    vatRateBps: 0,
    vatAmountCents: 0,
    totalCents: before.subtotalCents - before.promoValueCents,
    taxReason: "reverse_charge",
  });
  await recordAudit(tx, {
    actorId: SYSTEM_ACTOR_ID,
    action: "order.vat_number_confirmed",
    targetType: "order",
    targetId: before.id,
    before: {
      vatCheckStatus: before.vatCheckStatus,
      vatRateBps: before.vatRateBps,
      totalCents: before.totalCents,
    },
    after: { ...confirmed, vatRateBps: 0, totalCents: order.totalCents },
  });
  await queueOrderMail(tx, order, "vat_number_confirmed");
  return "repriced";
}

async function credit(
  tx: Transaction,
  before: Order,
  confirmed: Confirmed,
  now: Date,
): Promise<VatCorrection> {
  // What is left to give back bounds it: a part refund before may have returned some already.
  const amountCents = Math.min(before.vatAmountCents, before.totalCents - before.refundedCents);
  if (amountCents <= 0) {
    await setOrderVatFields(tx, before.id, confirmed);
    return "unchanged";
  }
  // Keyed by the order: a job whose record failed to commit gets Stripe's same refund back.
  const card = isStripePayment(before.paymentReference)
    ? await refundStripePayment({
        orderId: before.id,
        paymentReference: before.paymentReference!,
        amountCents,
        idempotencyKey: `vat-confirmed-${before.id}`,
      })
    : null;
  if (card && !card.ok) throw new Error(`the VAT refund was not made: ${card.reason}`);
  const order = await setOrderVatFields(tx, before.id, {
    ...confirmed,
    refundedCents: before.refundedCents + amountCents,
  });
  const note = await allocateCreditNote(tx, before, amountCents, now, CREDIT_NOTE_VAT_REASON, amountCents);
  await recordAudit(tx, {
    actorId: SYSTEM_ACTOR_ID,
    action: "order.vat_number_confirmed",
    targetType: "order",
    targetId: before.id,
    before: { vatCheckStatus: before.vatCheckStatus, refundedCents: before.refundedCents },
    after: {
      ...confirmed,
      refundedCents: order.refundedCents,
      creditNoteNumber: note.number,
      ...(card?.ok ? { stripeRefundId: card.value.refundId } : { refundBy: "bank transfer, by the team" }),
    },
  });
  await queueOrderMail(tx, order, "vat_number_confirmed", { amountCents, creditNoteNumber: note.number });
  return "credited";
}
