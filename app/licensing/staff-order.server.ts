import { findInvoiceOfOrder, findOrderWithPlanTitle } from "~/commerce/orders/orders.server";
import { findEntitlementOfOrder } from "./entitlement.queries.server";

/** The staff order page: the order with its plan's title, the licence it granted and its invoice. */
export async function findOrderForStaff(id: string) {
  const order = await findOrderWithPlanTitle(id);
  if (!order) return null;
  const [entitlement, invoice] = await Promise.all([findEntitlementOfOrder(id), findInvoiceOfOrder(id)]);
  return { order, entitlement, invoice };
}
