import { z } from "zod";
import { endSubscriptionWithRefund } from "~/commerce/billing/subscription-lifecycle.server";
import { refundOrderInPart } from "~/commerce/orders/order-refunds.server";
import { findOrderById } from "~/commerce/orders/orders.server";
import { findSubscriptionOfOrder } from "~/commerce/orders/staff-orders.server";
import type { Currency } from "~/payments/currencies";
import { formatMoney } from "~/payments/money";
import { formReply } from "~/platform/http/form-reply";
import { parseFormData, replyWith } from "~/platform/http/forms.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { logger } from "~/platform/logger.server";
import { noControlChars } from "~/platform/text/text";
import { amountField, CENTS_CEILING } from "../money";
import { PART_REFUND_TEXTS, REFUND_REASON_MAX } from "../orders/part-refund";
import { notFound } from "./action.server";

/** The amount is typed in the order's currency (a yen order's "1200" is ¥1,200, not ¥120,000). */
const partRefundSchema = (currency: Currency) =>
  z.object({
    intent: z.literal("part-refund"),
    amount: amountField("The amount", 1, CENTS_CEILING, currency),
    reason: z
      .string()
      .trim()
      .min(1, PART_REFUND_TEXTS.reason)
      .max(REFUND_REASON_MAX, PART_REFUND_TEXTS.reason)
      .refine(noControlChars, PART_REFUND_TEXTS.reason),
    expectedRefundedCents: z.coerce.number().int().min(0).max(CENTS_CEILING),
  });

/** The card refund failures, as the order page words them (passed in: they live with the page). */
export type CardRefundReplies = Record<
  "refund_refused" | "refund_unavailable" | "refund_unconfigured",
  readonly [string, number]
>;

/** The team gives back part of a paid order, with its reason (docs/decisions/0024). */
export async function refundPart(
  form: FormData,
  orderId: string,
  actor: { kind: "staff"; userId: string },
  cardReplies: CardRefundReplies,
) {
  const order = await findOrderById(orderId);
  if (!order) throw notFound();
  const parsed = parseFormData(form, partRefundSchema(order.currency));
  if (!parsed.ok) return replyWith(parsed.reply);
  const result = await refundOrderInPart({
    orderId,
    amountCents: parsed.data.amount,
    reason: parsed.data.reason,
    expectedRefundedCents: parsed.data.expectedRefundedCents,
    actor,
  });
  if (!result.ok) {
    if (result.reason === "not_found") throw notFound();
    const [message, status] =
      result.reason === "too_much"
        ? [PART_REFUND_TEXTS.tooMuch, 400]
        : result.reason === "already_changed"
          ? [PART_REFUND_TEXTS.alreadyChanged, 409]
          : result.reason === "invalid_transition"
            ? [PART_REFUND_TEXTS.notPaid, 409]
            : cardReplies[result.reason];
    return replyWith(formReply(message, { values: parsed.values }), status);
  }
  return redirectWithToast(`/staff/orders/${orderId}`, {
    message: `Refunded ${formatMoney(parsed.data.amount, undefined, order.currency)}; credit note ${result.value.creditNoteNumber} issued, buyer mailed.`,
    type: "success",
  });
}

/**
 * Ends the subscription of an order just refunded in full, when the refund's box was ticked: once,
 * however often asked (subscription-lifecycle's endSubscriptionWithRefund). "failed" when Stripe
 * could not be reached: the form submitted again retries it, the refund itself already done.
 */
export async function endSubscriptionOfOrder(orderId: string, actor: { kind: "staff"; userId: string }) {
  const subscription = await findSubscriptionOfOrder(orderId);
  if (!subscription) return null;
  try {
    const { changed } = await endSubscriptionWithRefund({ subscriptionId: subscription.id, actor });
    return changed ? ("ended" as const) : ("unchanged" as const);
  } catch (error) {
    logger.error({ err: error, orderId }, "a refunded order's subscription could not be cancelled");
    return "failed" as const;
  }
}
