import type { ClipSummary } from "../clips/clip-summary";
import type { ProfileTab } from "./profile-tab-path";

/**
 * The signed-in owner's downloads, plans and orders as licensing makes them for the profile's
 * Downloads and Orders tabs (licensing builds them against these types and registers its source in
 * app/jobs.server.ts; see profile-library-source.server.ts). Labels come formatted: the profile only
 * shows them.
 */

/** The button that opens the billing portal of a Stripe subscription. */
export const MANAGE_BILLING = "Manage billing";

/** The Downloads tab. */
export interface ProfileDownloads {
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
}

/** The Orders tab: running plans and subscriptions, and every order. */
export interface ProfileOrders {
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
}

/** Both tabs' data: what the API and the tests read at once. */
export type ProfileLibrary = ProfileDownloads & ProfileOrders;

/** The profile's open tab and its content: only that tab's data is read (the others load when opened). */
export interface ProfileTabView {
  tab: ProfileTab;
  uploads: ClipSummary[];
  saved: ClipSummary[] | null;
  downloadsTab: ProfileDownloads | null;
  ordersTab: ProfileOrders | null;
}
