/**
 * The signed-in owner's downloads, plans and orders as licensing's /resources/library answers them
 * (licensing builds it against this type). Labels come formatted: the profile only shows them.
 */
export const LIBRARY_URL = "/resources/library";

/** The button that opens the billing portal of a Stripe subscription. */
export const MANAGE_BILLING = "Manage billing";

export interface ProfileLibrary {
  downloads: {
    licenseId: string;
    clipId: number | null;
    clipTitle: string;
    creatorName: string;
    licenseLabel: string;
    licensedAt: string;
    dateLabel: string;
    certificateUrl: string;
    verifyUrl: string;
    /** The Download dialog, where a licensed clip downloads again for free. */
    downloadUrl: string | null;
  }[];
  plans: {
    orderId: string;
    planLabel: string;
    licenseLabel: string;
    downloadsLabel: string;
    expiresLabel: string;
  }[];
  /** Pro subscriptions still running: state, next renewal (date and amount) or end, where to manage. */
  subscriptions: {
    id: string;
    planLabel: string;
    state: "active" | "past_due" | "ending" | "ended";
    stateLabel: string;
    detail: string;
    /** Posting here opens the billing portal (card, invoices, cancellation); null when renewed by hand. */
    manageUrl: string | null;
    /**
     * A manual subscription's renewal switch: posting `subscriptionId` and `renewal` to `url` stops
     * its renewal (it ends at the period's end) or takes that back. Null for Stripe's (the portal).
     */
    renewal: { url: string; value: "stop" | "resume"; label: string; explanation: string } | null;
    note: string | null;
  }[];
  orders: {
    id: string;
    number: string;
    planLabel: string;
    status: "awaiting_payment" | "paid" | "cancelled" | "refunded";
    statusLabel: string;
    totalLabel: string;
    dateLabel: string;
    invoiceUrl: string | null;
    /** Money that went back: one credit note per refund (a part refund, the rest, a cancel). */
    creditNotes: { url: string; label: string }[];
    /** The order's own page (its facts, and how to pay it while unpaid). */
    detailsUrl: string;
    /** Bank-transfer details while the order waits for them, as label and value. */
    payment: { label: string; value: string }[] | null;
  }[];
  email: string;
  /** Guest orders placed with the address join the account once it is verified. */
  emailVerified: boolean;
}
