import { z } from "zod";
import { MISSING_LABELS, type MissingItem } from "../details/readiness";
import type { PayoutMethod, PayoutRunStatus, PayoutStatus } from "./payouts";

/**
 * Monthly payout runs as staff read them: the period, the labels of the run's and the payouts'
 * states, why a creator was left out, and the console's sentences. Safe for the browser.
 */

/** A run pays out one calendar month, named YYYY-MM. */
export const PeriodSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Choose a month as YYYY-MM.")
  .refine((period) => Number(period.slice(0, 4)) >= 2020, "Choose a month as YYYY-MM.");

/** The month before the one `now` is in (UTC): the month a run proposed on the 1st pays out. */
export function previousPeriod(now: Date): string {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth(); // 0-based, so this is already the previous month's number
  return month === 0 ? `${year - 1}-12` : `${year}-${String(month).padStart(2, "0")}`;
}

/** "2026-10" → "October 2026". */
export function periodLabel(period: string): string {
  const [year, month] = period.split("-").map(Number);
  const date = new Date(Date.UTC(year!, month! - 1, 1));
  return date.toLocaleDateString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
}

export const PAYOUT_RUN_STATUS_LABELS: Record<PayoutRunStatus, string> = {
  proposed: "Proposed",
  approved: "Approved",
  completed: "Completed",
};

export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  proposed: "Proposed",
  approved: "To send",
  failed: "Failed",
  sent: "Sent",
};

export const PAYOUT_METHOD_LABELS: Record<PayoutMethod, string> = {
  stripe: "Stripe",
  bank: "Bank transfer",
};

/**
 * Why a creator with an available balance is not in a run. Stored as a code in
 * `payout_run_exclusions.reason` (`details_missing:` lists what is missing), read through
 * `exclusionReasonText`.
 */
export type ExclusionReason =
  | { kind: "negative_balance" }
  | { kind: "details_missing"; missing: MissingItem[] }
  | { kind: "under_threshold" };

export function encodeExclusion(reason: ExclusionReason): string {
  return reason.kind === "details_missing" ? `details_missing:${reason.missing.join(",")}` : reason.kind;
}

/** What a creator must still do, phrased for staff rather than for the creator. */
const MISSING_FOR_STAFF: Record<MissingItem, string> = {
  method: "no payout method chosen",
  stripe_onboarding: "Stripe onboarding not finished",
  stripe_restricted: "Stripe account restricted",
  bank_details: "bank details missing",
  seller_details: "seller details (tax) missing",
};

/** The sentence the console shows for a stored exclusion reason. */
export function exclusionReasonText(reason: string, thresholdCents: number): string {
  if (reason === "negative_balance")
    return "Negative balance: refunds exceed what is available; carried to the next run.";
  if (reason === "under_threshold")
    return `Under the payout threshold of €${(thresholdCents / 100).toFixed(2)}; carried to the next run.`;
  if (reason.startsWith("details_missing:")) {
    const missing = reason
      .slice("details_missing:".length)
      .split(",")
      .filter((item): item is MissingItem => item in MISSING_LABELS)
      .map((item) => MISSING_FOR_STAFF[item]);
    return `Details missing: ${missing.join("; ")}.`;
  }
  return reason;
}

/** The console's sentences for a run's actions. */
export const PAYOUT_RUN_TEXTS = {
  proposed: "Run proposed: check the payouts and the excluded creators, then approve it.",
  alreadyProposed: "That month already has a run; here it is.",
  approved: "Approved: Stripe transfers are on their way; download the bank file for the bank payouts.",
  alreadyApproved: "This run was already approved; nothing changed.",
  notApprovable: "Only a proposed run can be approved.",
  markedSent: "Bank payouts marked sent; their creators' lines are paid.",
  nothingToMark: "No bank payout is waiting to be marked sent.",
  notApproved: "Approve the run before sending payouts.",
  retrySent: "The transfer went through: the payout is sent.",
  retryFailed: "The transfer failed again; the error is shown in the table.",
  notRetryable: "Only a failed Stripe payout can be retried.",
  stripeUnconfigured: "Stripe is not configured on this server, so Stripe payouts cannot be transferred.",
  bankDetailsMissing: "These creators' bank details are missing or unreadable, so the file cannot be made:",
  noBankPayouts: "This run has no bank payout waiting to be sent.",
  periodInFuture: "A run pays out a month that has ended: choose an earlier month.",
} as const;

/**
 * The approval's sentences, by whether Stripe is configured: without it every payout goes by bank
 * file, and speaking of Stripe transfers would promise money that never moves.
 */
export function payoutRunApprovalTexts(stripe: boolean) {
  return stripe
    ? {
        actions:
          "Approving sends the Stripe transfers at once and opens the bank file. Check the payouts and the excluded creators first.",
        confirm: (stripeAmount: string, bankAmount: string) =>
          `${stripeAmount} goes out by Stripe transfer now; ${bankAmount} waits for the bank file. This cannot be undone.`,
        approved: PAYOUT_RUN_TEXTS.approved,
        nothingWaits:
          "No bank payout waits; Stripe transfers are sent by the job queue (failed ones can be retried below).",
      }
    : {
        actions:
          "Approving opens the bank file: every payout goes by bank transfer. Check the payouts and the excluded creators first.",
        confirm: (_stripeAmount: string, bankAmount: string) =>
          `${bankAmount} waits for the bank file. This cannot be undone.`,
        approved: "Approved: download the bank file for the bank payouts.",
        nothingWaits: "No bank payout waits.",
      };
}
