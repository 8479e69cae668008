import { UNPAID_ORDER_RETENTION_MONTHS } from "~/constants";
import { db } from "~/platform/db/client.server";
import { addMonths } from "../billing/subscriptions";
import { deleteOrdersWithPromoUses, lockNeverPaidOrders } from "./order-retention.queries.server";

/** How many orders one transaction deletes; the run loops until none are left. */
const RETENTION_BATCH = 500;

/**
 * The privacy page's promise for orders ("Pending orders that are never paid are deleted after
 * twelve months"): an order placed more than UNPAID_ORDER_RETENTION_MONTHS ago and never paid —
 * still awaiting payment, or cancelled by staff or by the expiry job — is deleted with its buyer's
 * name, address and VAT number and its promo code use. Paid orders (refunded or cancelled ones
 * too) have invoices or credit notes and are kept as tax law requires. Idempotent; run by
 * commerce's retention job (docs/decisions/0022). Returns how many orders were deleted.
 */
export async function deleteNeverPaidOrders(now = new Date()): Promise<number> {
  const placedBefore = addMonths(now, -UNPAID_ORDER_RETENTION_MONTHS);
  let total = 0;
  for (;;) {
    const deleted = await db().transaction(async (tx) =>
      deleteOrdersWithPromoUses(tx, await lockNeverPaidOrders(tx, placedBefore, RETENTION_BATCH)),
    );
    total += deleted;
    if (deleted < RETENTION_BATCH) return total;
  }
}
