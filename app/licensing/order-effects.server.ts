import type { OrderEffectsPart } from "~/commerce/orders/order-effects.server";
import type { Order } from "~/commerce/orders/orders.server";
import type { Executor } from "~/platform/db/client.server";
import { publishEvent } from "~/platform/events.server";
import {
  type Entitlement,
  insertEntitlementOnce,
  revokeEntitlementOfOrder,
  setEntitlementEndOfOrder,
  setEntitlementOwnerForOrders,
  setEntitlementSuspended,
} from "./entitlement.queries.server";
import { periodEnd } from "./entitlement-period";
import { orderPaid } from "./events.server";
import { revokeLicensesOfOrder } from "./license.queries.server";

/**
 * What an order's payment, close and claim mean for licensing, run by commerce inside the order's
 * own transaction (registered in app/jobs.server.ts): a paid order grants its plan's downloads, a
 * closed one (its money back) ends the unused ones and the licenses made with them, a claimed
 * guest order's entitlement follows it to the account,
 * a disputed one's unused downloads wait. The creators' royalties are payouts' own part
 * (payouts/ledger/order-effects.server.ts).
 */
export const licensingOrderEffects: OrderEffectsPart = {
  async paid(tx: Executor, order: Order) {
    const entitlement = await insertEntitlementOnce(tx, entitlementFor(order));
    await publishEvent(
      orderPaid,
      {
        orderId: order.id,
        userId: order.userId,
        downloads: order.downloads,
        licenseKind: order.licenseKind,
        totalCents: order.totalCents,
        paidAt: order.paidAt ?? new Date(),
      },
      { tx },
    );
    return { entitlementId: entitlement.id };
  },
  async closed(tx: Executor, order: Order, at: Date) {
    const revoked = await revokeEntitlementOfOrder(tx, order.id, at);
    // The money went back in full: the licenses made under it end too (docs/decisions/0024).
    const licensesRevoked = await revokeLicensesOfOrder(tx, order.id, at);
    return {
      revokedEntitlementId: revoked?.id ?? null,
      unusedDownloads: revoked ? unusedDownloads(revoked) : null,
      licensesRevoked,
    };
  },
  async claimed(tx: Executor, orderIds: string[], userId: string) {
    await setEntitlementOwnerForOrders(tx, orderIds, userId);
  },
  async extended(tx: Executor, order: Order, until: Date) {
    const entitlement = await setEntitlementEndOfOrder(tx, order.id, until);
    return {
      entitlementId: entitlement?.id ?? null,
      entitlementEndsAt: entitlement?.expiresAt.toISOString() ?? null,
    };
  },
  async suspended(tx: Executor, order: Order, at: Date | null) {
    const entitlement = await setEntitlementSuspended(tx, order.id, at);
    return {
      entitlementId: entitlement?.id ?? null,
      suspendedDownloads: entitlement && at ? unusedDownloads(entitlement) : null,
    };
  },
};

function unusedDownloads(entitlement: Entitlement): number | "unlimited" {
  return entitlement.downloadsTotal === 0
    ? "unlimited"
    : entitlement.downloadsTotal - entitlement.downloadsUsed;
}

/** What a paid order grants: its tier's downloads with its license for the billing period. */
function entitlementFor(order: Order) {
  // A subscription's renewal covers its own period (which may start when the last one ends).
  if (order.periodStart && order.periodEnd && order.periodEnd > order.periodStart) {
    return { ...grantOf(order), startsAt: order.periodStart, expiresAt: order.periodEnd };
  }
  // Usable at once: a payment dated later today (a day picked in the console) must not hold it back.
  const now = new Date();
  const startsAt = order.paidAt && order.paidAt < now ? order.paidAt : now;
  return { ...grantOf(order), startsAt, expiresAt: periodEnd(startsAt, order.billing) };
}

function grantOf(order: Order) {
  return {
    orderId: order.id,
    userId: order.userId,
    licenseKind: order.licenseKind,
    downloadsTotal: order.downloads,
    // The period's price before any promo: what one download is worth to the creator.
    priceCents: order.unitPriceCents,
  };
}
