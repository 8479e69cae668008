/** The staff console reads orders as stored: the order list, and the overview's counts and chart. */
export {
  countOrdersByStatus,
  type DailyOrders,
  listDailyOrders,
  listOrdersForStaff,
  STAFF_ORDER_SORTS,
  type StaffOrderFilter,
  type StaffOrderSort,
} from "./staff-orders.queries.server";

export { findSubscriptionOfOrder } from "./subscription.queries.server";
