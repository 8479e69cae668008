import type { License } from "~/catalog/clips/attributes";
import { defineEvent } from "~/platform/events.server";

/** A clip was licensed (a new license, not a free re-download); published in its transaction. */
export const licenseCreated = defineEvent<{
  licenseId: string;
  userId: string;
  clipId: number;
  clipTitle: string;
  licenseKind: License;
  createdAt: Date;
}>("license.created");

/** A paid order granted its downloads; published in the payment's transaction. */
export const orderPaid = defineEvent<{
  orderId: string;
  userId: string | null;
  downloads: number;
  licenseKind: License;
  totalCents: number;
  paidAt: Date;
}>("order.paid");
