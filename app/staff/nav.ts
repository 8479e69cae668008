import type { Permission } from "~/accounts/people/permissions";

/** The console's sections, in the order the sidebar shows them. */
export const STAFF_SECTIONS: { to: string; label: string; permission: Permission }[] = [
  { to: "/staff", label: "Overview", permission: "staff:access" },
  { to: "/staff/review", label: "Review queue", permission: "staff:review-clips" },
  { to: "/staff/clips", label: "Clips", permission: "staff:moderate-clips" },
  { to: "/staff/reports", label: "Reports", permission: "staff:moderate-clips" },
  { to: "/staff/creators", label: "Creators", permission: "staff:manage-creators" },
  { to: "/staff/orders", label: "Orders", permission: "staff:manage-orders" },
  { to: "/staff/subscriptions", label: "Subscriptions", permission: "staff:manage-orders" },
  { to: "/staff/tax", label: "Tax report", permission: "staff:manage-orders" },
  { to: "/staff/payouts", label: "Payouts", permission: "staff:manage-payouts" },
  { to: "/staff/messages", label: "Messages", permission: "staff:manage-messages" },
  { to: "/staff/promos", label: "Promo codes", permission: "staff:manage-promos" },
  { to: "/staff/plans", label: "Plans", permission: "staff:manage-plans" },
  { to: "/staff/users", label: "Users", permission: "staff:manage-users" },
  { to: "/staff/jobs", label: "Jobs", permission: "staff:manage-jobs" },
  { to: "/staff/audit", label: "Audit log", permission: "staff:read-audit" },
];

/** The section a console path belongs to: the longest section path it starts with. */
export function sectionOf(pathname: string): string {
  const path = pathname.replace(/\/+$/, "") || "/";
  return (
    STAFF_SECTIONS.map((section) => section.to)
      .filter((to) => path === to || path.startsWith(`${to}/`))
      .sort((a, b) => b.length - a.length)[0] ?? "/staff"
  );
}
