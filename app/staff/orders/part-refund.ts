/** A part refund's form, read by the page and the server alike (docs/decisions/0024). */
export const REFUND_REASON_MAX = 300;

export const PART_REFUND_TEXTS = {
  reason: `Say why (1 to ${REFUND_REASON_MAX} characters): the credit note prints it.`,
  tooMuch:
    "A part refund must leave something of the order paid: for the whole rest, use Refund. Nothing changed.",
  alreadyChanged: "This order's refunds changed meanwhile; nothing was refunded. Check the amounts below.",
  notPaid: "Only a paid order can be refunded in part.",
} as const;
