import { randomUUID } from "node:crypto";
import { markOrderPaid } from "~/commerce/orders/order-lifecycle.server";
import type { Billing, PlanCategory } from "~/commerce/pricing/plans";
import { orders } from "~/commerce/schema.server";
import { findEntitlementOfOrder } from "~/licensing/entitlement.queries.server";
import { db } from "~/platform/db/client.server";

/** An order awaiting payment, straight in the database (amounts as the checkout would store them). */
export async function createOrder(
  overrides: {
    userId?: string | null;
    email?: string;
    downloads?: number;
    billing?: Billing;
    planCategory?: PlanCategory;
    unitPriceCents?: number;
    company?: string | null;
    /** Any other column, e.g. the buyer's name, address, VAT number and tax reason. */
    fields?: Partial<typeof orders.$inferInsert>;
  } = {},
) {
  const unitPriceCents = overrides.unitPriceCents ?? 8_900;
  const vat = Math.round((unitPriceCents * 19) / 100);
  const [order] = await db()
    .insert(orders)
    .values({
      idempotencyKey: randomUUID(),
      planCategory: overrides.planCategory ?? "creator",
      licenseKind: overrides.planCategory && overrides.planCategory !== "creator" ? "extended" : "standard",
      billing: overrides.billing ?? "one_time",
      downloads: overrides.downloads ?? 10,
      unitPriceCents,
      subtotalCents: unitPriceCents,
      promoValueCents: 0,
      vatRateBps: 1900,
      vatAmountCents: vat,
      totalCents: unitPriceCents + vat,
      email: overrides.email ?? "buyer@example.com",
      company: overrides.company ?? null,
      country: "CY",
      userId: overrides.userId ?? null,
      ...overrides.fields,
    })
    .returning();
  return order!;
}

export const STAFF_ACTOR = { kind: "staff", userId: "staff-tester" } as const;

/** An order paid by staff, with the entitlement its payment granted. */
export async function createPaidOrder(overrides: Parameters<typeof createOrder>[0] = {}) {
  const order = await createOrder(overrides);
  const paid = await markOrderPaid({
    orderId: order.id,
    reference: "bank transfer",
    paidAt: new Date(),
    actor: STAFF_ACTOR,
  });
  if (!paid.ok) throw new Error(`could not pay the order: ${paid.reason}`);
  const entitlement = await findEntitlementOfOrder(order.id);
  if (!entitlement) throw new Error("paying the order granted no entitlement");
  return { ...paid.value, entitlement };
}
