import { formatMoney } from "~/payments/money";

/** Audit entries as the team reads them: what changed, field by field, in words and euros. */
export interface AuditChange {
  field: string;
  before: string;
  after: string;
}

/** Someone or something an audit entry names, with the console page that shows it. */
export interface AuditName {
  name: string;
  to?: string;
}

export interface NamedAuditEntry {
  id: number;
  createdAt: Date;
  action: string;
  actor: AuditName;
  target: AuditName;
  changes: AuditChange[];
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** "priceCents" → "Price", "discountPercent" → "Discount", "perCustomerLimit" → "Per customer limit". */
function fieldLabel(key: string) {
  const words = key
    .replace(/(Cents|Percent)$/, "")
    .replace(/_/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function show(key: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "number" && /Cents$/.test(key)) return formatMoney(value);
  if (typeof value === "number" && /Percent$/.test(key)) return `${value}%`;
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string" && ISO_DATE.test(value)) return value.slice(0, 16).replace("T", " ");
  if (typeof value === "string") return value.replace(/_/g, " ");
  if (Array.isArray(value)) return value.map((item) => show(key, item)).join(", ") || "—";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The fields whose value differs between `before` and `after` (all of `after` for a creation). */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  if (!isRecord(before) && !isRecord(after)) {
    if (before == null && after == null) return [];
    return [{ field: "Value", before: show("", before), after: show("", after) }];
  }
  const was = isRecord(before) ? before : {};
  const now = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return keys
    .filter((key) => JSON.stringify(was[key]) !== JSON.stringify(now[key]))
    .map((key) => ({ field: fieldLabel(key), before: show(key, was[key]), after: show(key, now[key]) }));
}

/** "order.mark_paid" → "mark paid", "user.set_role" → "set role". */
export function auditVerb(action: string) {
  return (action.split(".").at(-1) ?? action).replace(/_/g, " ");
}
