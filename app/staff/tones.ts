import type { ApplicationStatus } from "~/accounts/applications/creator-application";
import type { ContactStatus } from "~/accounts/contact/contact-schema";
import type { ClipStatus } from "~/catalog/clips/attributes";
import type { ReportStatus } from "~/catalog/clips/clip-report";
import type { OrderStatus } from "~/commerce/pricing/plans";
import type { PayoutRunStatus, PayoutStatus } from "~/payouts/runs/payouts";
import type { PillTone } from "./components/staff-ui";

/** The colour each status wears in the console's tables. */
export const CONTACT_STATUS_TONES: Record<ContactStatus, PillTone> = {
  open: "amber",
  answered: "green",
  closed: "zinc",
};
export const APPLICATION_STATUS_TONES: Record<ApplicationStatus, PillTone> = {
  pending: "amber",
  approved: "green",
  declined: "zinc",
};
export const REPORT_STATUS_TONES: Record<ReportStatus, PillTone> = {
  open: "amber",
  resolved: "green",
  dismissed: "zinc",
};
export const CLIP_STATUS_TONES: Record<ClipStatus, PillTone> = {
  processing: "blue",
  needs_details: "blue",
  in_review: "amber",
  published: "green",
  rejected: "red",
  failed: "red",
  unpublished: "zinc",
};
export const ORDER_STATUS_TONES: Record<OrderStatus, PillTone> = {
  awaiting_payment: "amber",
  paid: "green",
  cancelled: "zinc",
  refunded: "blue",
};
export const PAYOUT_RUN_STATUS_TONES: Record<PayoutRunStatus, PillTone> = {
  proposed: "amber",
  approved: "blue",
  completed: "green",
};
export const PAYOUT_STATUS_TONES: Record<PayoutStatus, PillTone> = {
  proposed: "zinc",
  approved: "blue",
  failed: "red",
  sent: "green",
};
