import { z } from "zod";
import { namePeople } from "~/accounts/people/people.server";
import { requirePermission } from "~/accounts/routes/permissions.server";
import { formatCreditNoteNumber, formatInvoiceNumber } from "~/commerce/billing/invoice-pdf.server";
import { renewManualSubscription } from "~/commerce/billing/subscription-lifecycle.server";
import { SUBSCRIPTION_STATE_LABELS, subscriptionState } from "~/commerce/billing/subscriptions";
import { creditNotePath, shortOrderId } from "~/commerce/orders/order-id";
import { cancelOrder, markOrderPaid, refundOrder } from "~/commerce/orders/order-lifecycle.server";
import { listCreditNotesOfOrder } from "~/commerce/orders/orders.server";
import { findSubscriptionOfOrder } from "~/commerce/orders/staff-orders.server";
import { ORDER_STATUS_LABELS } from "~/commerce/pricing/plans";
import { orderVatCheckNote } from "~/commerce/pricing/vat-confirmation";
import { pageMeta } from "~/components/meta";
import { findOrderForStaff } from "~/licensing/staff-order.server";
import { countryName } from "~/payments/countries";
import { formatMoney } from "~/payments/money";
import { isStripePayment } from "~/payments/payment-reference";
import { formReply, replyMessage } from "~/platform/http/form-reply";
import { parseFormData, readForm, replyWith } from "~/platform/http/forms.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { noControlChars } from "~/platform/text/text";
import { auditHistoryOf } from "../audit-log.server";
import { AuditHistory } from "../components/audit-history";
import { CancelSubscriptionChoice } from "../components/cancel-subscription-choice";
import { ConfirmLink, ConfirmPanel, useConfirmStep } from "../components/confirm";
import { CreditNotesPanel } from "../components/credit-notes-panel";
import { MarkPaidForm, OrderLines, SubscriptionPanel } from "../components/order-panels";
import { PartRefundForm } from "../components/part-refund-form";
import { BackLink, ErrorNote, formatDateTime, Panel, Pill, StaffPageHeader } from "../components/staff-ui";
import { ORDER_TEXTS, PAYMENT_REFERENCE_MAX } from "../orders/order-texts";
import { REFUND_REASON_MAX } from "../orders/part-refund";
import { REFUND_SUBSCRIPTION_TEXTS } from "../orders/refund-subscription";
import { ORDER_STATUS_TONES } from "../tones";
import type { Route } from "./+types/order";
import { notFound, requireConfirmed, UuidSchema, urlParam } from "./action.server";
import { endSubscriptionOfOrder, refundPart } from "./order-refund.action.server";
import { changeRenewal } from "./order-renewal.action.server";

export const meta = () => pageMeta("Order · Staff", "An order, its lines and history.");

export { ORDER_TEXTS, PAYMENT_REFERENCE_MAX };

/** The sentence and status for each way a card refund can fail (the order's own state is 409). */
const CARD_REFUND_REPLIES = {
  refund_refused: [ORDER_TEXTS.refundRefused, 409],
  refund_unavailable: [ORDER_TEXTS.refundUnavailable, 503],
  refund_unconfigured: [ORDER_TEXTS.refundUnconfigured, 409],
  refund_not_recorded: [ORDER_TEXTS.refundNotRecorded, 500],
} as const;

const orderIdOf = (params: { orderId?: string }) => urlParam(UuidSchema, params.orderId);

export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "staff:manage-orders");
  const id = orderIdOf(params);
  const [found, history, subscription, notes] = await Promise.all([
    findOrderForStaff(id),
    auditHistoryOf("order", id),
    findSubscriptionOfOrder(id),
    listCreditNotesOfOrder(id),
  ]);
  if (!found) throw notFound();
  const { userId } = found.order;
  const person = userId ? (await namePeople([userId])).get(userId) : undefined;
  return {
    ...found,
    buyer: person ?? null,
    cardPayment: found.order.status === "paid" && isStripePayment(found.order.paymentReference),
    history,
    // Numbered as the PDF prints it (INV-2026-000001), not by the bare counter.
    invoiceNumber: found.invoice ? formatInvoiceNumber(found.invoice.number, found.invoice.issuedAt) : null,
    creditNotes: notes.map((note) => ({
      number: formatCreditNoteNumber(note.number, note.issuedAt),
      amountCents: note.amountCents,
      reason: note.reason,
      url: creditNotePath(id, note.number),
    })),
    today: new Date().toISOString().slice(0, 10),
    subscription: subscription && {
      id: subscription.id,
      provider: subscription.provider,
      stateLabel: SUBSCRIPTION_STATE_LABELS[subscriptionState(subscription)],
      currentPeriodEnd: subscription.currentPeriodEnd.toISOString(),
      amountCents: subscription.amountCents,
      currency: subscription.currency,
      ended: subscription.status === "ended",
      renewalStopped: subscription.cancelAtPeriodEnd,
    },
  };
}

const MarkPaidSchema = z.object({
  intent: z.literal("mark-paid"),
  reference: z
    .string()
    .trim()
    .min(1, ORDER_TEXTS.reference)
    .max(PAYMENT_REFERENCE_MAX, ORDER_TEXTS.reference)
    .refine(noControlChars, ORDER_TEXTS.reference)
    .refine((reference) => !isStripePayment(reference), ORDER_TEXTS.referencePrefix),
  paidAt: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, ORDER_TEXTS.paidAt)
    .transform((day) => new Date(`${day}T12:00:00Z`))
    .refine(
      (date) => !Number.isNaN(date.getTime()) && date.getTime() <= Date.now() + 86_400_000,
      ORDER_TEXTS.paidAt,
    ),
});
const CloseSchema = z.object({
  intent: z.enum(["cancel", "refund"]),
  // A checkbox: absent when not ticked.
  cancelSubscription: z.literal("yes").optional(),
});
const RenewSchema = MarkPaidSchema.extend({
  intent: z.literal("renew"),
  periodEnd: z.iso.datetime().transform((value) => new Date(value)),
});

/** The team renews the manual subscription this order belongs to, for one more period. */
async function renew(form: FormData, orderId: string, actor: { kind: "staff"; userId: string }) {
  const parsed = parseFormData(form, RenewSchema);
  if (!parsed.ok) return replyWith(parsed.reply);
  const subscription = await findSubscriptionOfOrder(orderId);
  if (!subscription) throw notFound();
  const result = await renewManualSubscription({
    subscriptionId: subscription.id,
    expectedPeriodEnd: parsed.data.periodEnd,
    reference: parsed.data.reference,
    paidAt: parsed.data.paidAt,
    actor,
  });
  if (!result.ok) {
    if (result.reason === "not_found") throw notFound();
    const message = result.reason === "not_manual" ? ORDER_TEXTS.notManual : ORDER_TEXTS.alreadyRenewed;
    return replyWith(formReply(message, { values: parsed.values }), 409);
  }
  return redirectWithToast(`/staff/orders/${orderId}`, {
    message: "Renewed for one more period; invoice issued, downloads granted, buyer mailed.",
    type: "success",
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requirePermission(request, "staff:manage-orders");
  const orderId = orderIdOf(params);
  const form = await readForm(request);
  const actor = { kind: "staff", userId: user.id } as const;
  const back = `/staff/orders/${orderId}`;
  if (form.get("intent") === "renew") return renew(form, orderId, actor);
  if (form.get("intent") === "renewal") return changeRenewal(form, orderId, actor);
  if (form.get("intent") === "part-refund") return refundPart(form, orderId, actor, CARD_REFUND_REPLIES);
  if (form.get("intent") === "mark-paid") {
    const parsed = parseFormData(form, MarkPaidSchema);
    if (!parsed.ok) return replyWith(parsed.reply);
    const result = await markOrderPaid({
      orderId,
      reference: parsed.data.reference,
      paidAt: parsed.data.paidAt,
      actor,
    });
    if (!result.ok) {
      if (result.reason === "not_found") throw notFound();
      return replyWith(formReply(ORDER_TEXTS.invalidTransition, { values: parsed.values }), 409);
    }
    return redirectWithToast(back, {
      message: result.value.changed
        ? `Marked paid; invoice ${formatInvoiceNumber(result.value.invoiceNumber, result.value.order.paidAt ?? parsed.data.paidAt)}, downloads granted.`
        : "It was already paid; nothing changed.",
      type: "success",
    });
  }
  const parsed = parseFormData(form, CloseSchema);
  if (!parsed.ok) return replyWith(formReply("Unknown action."));
  requireConfirmed(parsed.values);
  const close = parsed.data.intent === "cancel" ? cancelOrder : refundOrder;
  const result = await close({ orderId, actor });
  if (!result.ok) {
    if (result.reason === "not_found") throw notFound();
    if (result.reason === "invalid_transition")
      return replyWith(formReply(ORDER_TEXTS.invalidTransition), 409);
    const [message, status] = CARD_REFUND_REPLIES[result.reason];
    return replyWith(formReply(message), status);
  }
  const ended =
    parsed.data.intent === "refund" && parsed.data.cancelSubscription === "yes"
      ? await endSubscriptionOfOrder(orderId, actor)
      : null;
  if (ended === "failed") return replyWith(formReply(REFUND_SUBSCRIPTION_TEXTS.notCancelled), 503);
  const verb = parsed.data.intent === "cancel" ? "Cancelled" : "Refunded";
  // Only a paid order has a payment reference, so this names the card refund the change made.
  const card = isStripePayment(result.value.order.paymentReference)
    ? " The card was refunded through Stripe."
    : "";
  const subscriptionNote = ended === "ended" ? REFUND_SUBSCRIPTION_TEXTS.cancelled : "";
  return redirectWithToast(back, {
    message: result.value.changed
      ? `${verb}; unused downloads revoked.${card}${subscriptionNote}`
      : `It was already ${verb.toLowerCase()}; nothing changed.${subscriptionNote}`,
    type: "success",
  });
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, cardPayment, history, today, subscription, creditNotes } = loaderData;
  const confirm = useConfirmStep();
  const step = confirm.target === order.id ? confirm.intent : null;
  const open = order.status === "awaiting_payment" || order.status === "paid";
  return (
    <main className="max-w-4xl">
      <BackLink to="/staff/orders">All orders</BackLink>
      <StaffPageHeader
        title={`Order ${shortOrderId(order.id)}`}
        description={`${order.email}${order.company ? ` · ${order.company}` : ""} · ${countryName(order.country)}${order.vatNumber ? ` · ${orderVatCheckNote(order) ?? `VAT ${order.vatNumber} (VIES: ${order.viesStatus ?? "not checked"})`}` : ""} · placed ${formatDateTime(order.createdAt)}`}
        actions={<Pill tone={ORDER_STATUS_TONES[order.status]}>{ORDER_STATUS_LABELS[order.status]}</Pill>}
      />
      <ErrorNote message={actionData ? replyMessage(actionData) : null} />
      {step === "cancel" || step === "refund" ? (
        <ConfirmPanel
          intent={step}
          target={order.id}
          title={step === "cancel" ? "Cancel this order?" : "Refund this order?"}
          confirmLabel={step === "cancel" ? "Cancel order" : "Refund order"}
        >
          <p className="text-sm">
            {order.status === "paid"
              ? "The buyer's unused downloads end now, and so do the licenses made with them."
              : "The buyer can no longer pay for it."}
          </p>
          {cardPayment ? (
            <p className="mt-1 text-sm">
              The card payment of {formatMoney(order.totalCents, undefined, order.currency)} goes back to the
              buyer through Stripe; if Stripe does not refund it, nothing changes here.
            </p>
          ) : null}
          {step === "refund" && subscription && !subscription.ended ? (
            <CancelSubscriptionChoice provider={subscription.provider} />
          ) : null}
        </ConfirmPanel>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <OrderLines {...loaderData} />
        <Panel title="Actions">
          {order.status === "awaiting_payment" ? (
            <MarkPaidForm values={actionData?.values} today={today} referenceMax={PAYMENT_REFERENCE_MAX} />
          ) : null}
          <div className="mt-3 flex flex-wrap gap-2">
            {open ? (
              <ConfirmLink intent="cancel" target={order.id}>
                Cancel…
              </ConfirmLink>
            ) : null}
            {order.status === "paid" ? (
              <ConfirmLink intent="refund" target={order.id}>
                Refund…
              </ConfirmLink>
            ) : null}
            {open ? null : <p className="text-sm text-zinc-600 dark:text-zinc-400">This order is closed.</p>}
          </div>
          {order.status === "paid" && order.totalCents - order.refundedCents > 1 ? (
            <PartRefundForm
              totalCents={order.totalCents}
              currency={order.currency}
              refundedCents={order.refundedCents}
              cardPayment={cardPayment}
              reasonMax={REFUND_REASON_MAX}
              values={actionData?.values}
            />
          ) : null}
        </Panel>
        {creditNotes.length > 0 ? <CreditNotesPanel notes={creditNotes} currency={order.currency} /> : null}
        {subscription ? (
          <SubscriptionPanel
            subscription={subscription}
            values={actionData?.values}
            today={today}
            referenceMax={PAYMENT_REFERENCE_MAX}
          />
        ) : null}
      </div>
      <div className="mt-8">
        <AuditHistory
          entries={history}
          first={`${formatDateTime(order.createdAt)} · placed by ${order.email}`}
        />
      </div>
    </main>
  );
}
