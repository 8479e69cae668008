/** The staff console reads orders as stored: the order list, and the overview's counts and chart. */

export {
  listSubscriptionsForStaff,
  type StaffSubscriptionRow,
} from "../billing/staff-subscriptions.server";
export { findSubscriptionOfOrder } from "../billing/subscription.queries.server";
export {
  countOrdersByStatus,
  type DailyOrders,
  listDailyOrders,
  listOrdersForStaff,
  STAFF_ORDER_SORTS,
  type StaffOrderFilter,
  type StaffOrderSort,
} from "./staff-orders.queries.server";
