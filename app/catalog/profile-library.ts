/**
 * The signed-in owner's downloads, plans and orders as licensing's /resources/library answers them
 * (licensing builds it against this type). Labels come formatted: the profile only shows them.
 */
export const LIBRARY_URL = "/resources/library";

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
  orders: {
    id: string;
    number: string;
    planLabel: string;
    status: "awaiting_payment" | "paid" | "cancelled" | "refunded";
    statusLabel: string;
    totalLabel: string;
    dateLabel: string;
    invoiceUrl: string | null;
    /** The order's own page (its facts, and how to pay it while unpaid). */
    detailsUrl: string;
    /** Bank-transfer details while the order waits for them, as label and value. */
    payment: { label: string; value: string }[] | null;
  }[];
  email: string;
  /** Guest orders placed with the address join the account once it is verified. */
  emailVerified: boolean;
}
